//! An S3 bucket through `object_store`: endpoint, region and credentials from the standard
//! `AWS_*` environment; plain HTTP only with `AWS_ALLOW_HTTP=true`; single PUTs with
//! Content-Type, Cache-Control and the SHA-256 as metadata; retries with backoff on 5xx,
//! dropped connections and timeouts, bounded in time.

use std::time::Duration;

use futures_util::StreamExt as _;
use object_store::aws::{AmazonS3, AmazonS3Builder, AmazonS3ConfigKey};
use object_store::path::Path as Key;
use object_store::{
    Attribute, Attributes, BackoffConfig, ClientConfigKey, ObjectStore as _, ObjectStoreExt as _,
    PutMode, PutOptions, PutPayload, RetryConfig,
};

use super::remote::{Failure, Headers, Object, Remote};

pub(crate) struct S3 {
    store: AmazonS3,
    runtime: tokio::runtime::Runtime,
    bucket: String,
    prefix: String,
}

impl S3 {
    /// Connects to `bucket` (keys under `prefix`, which is empty or ends with `/`). Nothing is
    /// sent yet.
    pub(crate) fn new(bucket: &str, prefix: &str) -> Result<S3, Failure> {
        // reqwest is built without a default TLS provider (no aws-lc): ring it is. Installing
        // twice is harmless (the first one stays).
        let _ = rustls::crypto::ring::default_provider().install_default();
        let retry = RetryConfig {
            backoff: BackoffConfig {
                init_backoff: Duration::from_millis(200),
                max_backoff: Duration::from_secs(4),
                base: 2.0,
            },
            max_retries: 4,
            retry_timeout: Duration::from_secs(30),
        };
        // Client options come from the environment (AWS_ALLOW_HTTP among them); the timeouts are
        // set on top of them, not in a new ClientOptions that would drop them.
        let client = |k| AmazonS3ConfigKey::Client(k);
        let store = AmazonS3Builder::from_env()
            .with_bucket_name(bucket)
            .with_retry(retry)
            .with_config(client(ClientConfigKey::ConnectTimeout), "5s")
            .with_config(client(ClientConfigKey::Timeout), "60s")
            .build()
            .map_err(|e| Failure::Other(format!("cannot set up the S3 client: {e}")))?;
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .map_err(|e| Failure::Other(format!("cannot start the HTTP client: {e}")))?;
        Ok(S3 {
            store,
            runtime,
            bucket: bucket.to_owned(),
            prefix: prefix.to_owned(),
        })
    }

    fn key(&self, key: &str) -> Key {
        Key::from(format!("{}{key}", self.prefix))
    }

    fn failure(&self, e: &object_store::Error) -> Failure {
        use object_store::Error as E;
        let text = e.to_string();
        match e {
            E::Unauthenticated { .. } | E::PermissionDenied { .. } => Failure::Credentials(text),
            E::NotFound { .. } if text.contains("NoSuchBucket") => Failure::NoBucket(format!(
                "the bucket `{}` does not exist: {text}",
                self.bucket
            )),
            _ if text.contains("NoSuchBucket") => Failure::NoBucket(format!(
                "the bucket `{}` does not exist: {text}",
                self.bucket
            )),
            _ if [
                "InvalidAccessKeyId",
                "SignatureDoesNotMatch",
                "AccessDenied",
            ]
            .iter()
            .any(|c| text.contains(c)) =>
            {
                Failure::Credentials(text)
            }
            _ if ["error sending request", "connect", "timed out", "dns"]
                .iter()
                .any(|c| text.to_ascii_lowercase().contains(c)) =>
            {
                Failure::Unreachable(text)
            }
            _ => Failure::Other(text),
        }
    }
}

impl Remote for S3 {
    fn describe(&self) -> String {
        format!("s3://{}/{}", self.bucket, self.prefix)
    }

    fn stores_encoding(&self) -> bool {
        true
    }

    fn list(&self) -> Result<Vec<Object>, Failure> {
        let prefix =
            (!self.prefix.is_empty()).then(|| Key::from(self.prefix.trim_end_matches('/')));
        self.runtime.block_on(async {
            let mut stream = self.store.list(prefix.as_ref());
            let mut out = Vec::new();
            while let Some(meta) = stream.next().await {
                let meta = meta.map_err(|e| self.failure(&e))?;
                let full = meta.location.to_string();
                let Some(key) = full.strip_prefix(&self.prefix) else {
                    continue;
                };
                out.push(Object {
                    key: key.to_owned(),
                    size: meta.size,
                    etag: meta.e_tag.map(|t| t.trim_matches('"').to_owned()),
                });
            }
            out.sort_by(|a, b| a.key.cmp(&b.key));
            Ok(out)
        })
    }

    /// S3's ListObjectsV2 gives at most 1,000 keys a page.
    fn list_requests(&self, n: usize) -> u64 {
        n.div_ceil(1000).max(1) as u64
    }

    fn get(&self, key: &str) -> Result<Option<Vec<u8>>, Failure> {
        self.runtime.block_on(async {
            match self.store.get(&self.key(key)).await {
                Ok(r) => match r.bytes().await {
                    Ok(b) => Ok(Some(b.to_vec())),
                    Err(e) => Err(self.failure(&e)),
                },
                Err(object_store::Error::NotFound { .. }) => Ok(None),
                Err(e) => Err(self.failure(&e)),
            }
        })
    }

    fn put(&self, key: &str, bytes: Vec<u8>, headers: &Headers) -> Result<(), Failure> {
        self.put_mode(key, bytes, headers, PutMode::Overwrite)
            .map(|_| ())
    }

    fn create(&self, key: &str, bytes: Vec<u8>, headers: &Headers) -> Result<bool, Failure> {
        self.put_mode(key, bytes, headers, PutMode::Create)
    }

    fn delete(&self, key: &str) -> Result<(), Failure> {
        self.runtime.block_on(async {
            match self.store.delete(&self.key(key)).await {
                Ok(()) | Err(object_store::Error::NotFound { .. }) => Ok(()),
                Err(e) => Err(self.failure(&e)),
            }
        })
    }
}

impl S3 {
    /// A single PUT; under `PutMode::Create` (`If-None-Match: *`) `false` when the key exists.
    fn put_mode(
        &self,
        key: &str,
        bytes: Vec<u8>,
        headers: &Headers,
        mode: PutMode,
    ) -> Result<bool, Failure> {
        let mut attributes = Attributes::new();
        attributes.insert(Attribute::ContentType, headers.content_type.clone().into());
        attributes.insert(
            Attribute::CacheControl,
            headers.cache_control.clone().into(),
        );
        attributes.insert(
            Attribute::Metadata("sha256".into()),
            headers.sha256.clone().into(),
        );
        if let Some(e) = &headers.content_encoding {
            attributes.insert(Attribute::ContentEncoding, e.clone().into());
        }
        let opts = PutOptions {
            attributes,
            mode,
            ..PutOptions::default()
        };
        self.runtime.block_on(async {
            match self
                .store
                .put_opts(&self.key(key), PutPayload::from(bytes), opts)
                .await
            {
                Ok(_) => Ok(true),
                Err(object_store::Error::AlreadyExists { .. }) => Ok(false),
                Err(e) => Err(self.failure(&e)),
            }
        })
    }
}
