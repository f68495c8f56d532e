package backtrack

// AddProduct exposes addProduct to the tests.
var AddProduct = addProduct
