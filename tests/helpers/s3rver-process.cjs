// s3rver in a process of its own, run with --openssl-legacy-provider: it signs ListObjectsV2's
// continuation tokens with DES, which Node 20's OpenSSL 3 refuses without it (every listing past
// 1,000 keys failed with InternalError). Prints its port, then serves until killed.
const S3rver = require("s3rver");

const [directory, buckets] = process.argv.slice(2);
new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory, configureBuckets: buckets.split(",").map((name) => ({ name })) })
  .run()
  .then((addr) => process.stdout.write(`${addr.port}\n`))
  .catch((err) => {
    process.stderr.write(`${err.stack}\n`);
    process.exit(1);
  });
