"""Local development only: never packaged into the Lambda function.

`python -m functions.local.run` is what `make run` starts: DynamoDB Local, the SMTP capture and the
one local server that routes like CloudFront does in production.
"""
