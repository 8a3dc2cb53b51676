"""Code run by the deploy itself (the CloudFormation custom resource of infra/, not by requests)."""
