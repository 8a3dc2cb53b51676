"""The CityOps CDK app's constructs: the production stack and its table definitions."""
