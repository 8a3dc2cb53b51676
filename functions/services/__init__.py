"""The work behind the routes: site config, senders, storage, captcha, publish, terminal, CRUD."""
