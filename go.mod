module github.com/queens-dev/queens

go 1.26

require (
	github.com/irifrance/gini v1.0.1
	github.com/spf13/pflag v1.0.10
	gopkg.in/yaml.v3 v3.0.1
)
