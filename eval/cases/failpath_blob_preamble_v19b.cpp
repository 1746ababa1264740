// Blob-store upload client. sendPreamble() writes the request head and, when
// the peer's window accepts only part of it, closes the connection and returns
// -1; requirePreamble() turns that into an UploadError. uploadBlob() checks
// the result, uploadChecksum() relies on the exception. uploadManifest()
// ignores the result and writes the body to the connection the helper closed;
// uploadTags() checks the result but closes the connection a second time.
#include <algorithm>
#include <iostream>
#include <stdexcept>
#include <string>
#include <utility>

struct UploadError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// HttpConnection: write() accepts at most the peer's remaining window and
// returns the number of bytes taken; it throws std::runtime_error once the
// connection is closed. close() twice throws std::logic_error.
class HttpConnection {
public:
  HttpConnection(std::string host, std::size_t window)
      : host_(std::move(host)), window_(window) {}
  std::size_t write(const std::string &data) {
    if (closed_)
      throw std::runtime_error("connection to " + host_ + " is closed");
    const std::size_t n = std::min(data.size(), window_);
    window_ -= n;
    return n;
  }
  void close() {
    if (closed_)
      throw std::logic_error("connection to " + host_ + " closed twice");
    closed_ = true;
  }

private:
  std::string host_;
  std::size_t window_;
  bool closed_ = false;
};

struct UploadMetrics {
  long failed = 0;
  long bytes = 0;
};

int sendPreamble(HttpConnection &c, const std::string &path, std::size_t length) {
  const std::string head = "PUT " + path + " HTTP/1.1\r\nContent-Length: " +
                           std::to_string(length) + "\r\n\r\n";
  if (c.write(head) != head.size()) {
    std::cerr << "upload: short write on preamble for " << path << '\n';
    c.close();
    return -1;
  }
  return 0;
}

void requirePreamble(HttpConnection &c, const std::string &path, std::size_t length) {
  if (sendPreamble(c, path, length) != 0)
    throw UploadError("preamble failed for " + path);
}

bool uploadBlob(HttpConnection &c, const std::string &path, const std::string &data,
                UploadMetrics &m) {
  if (sendPreamble(c, path, data.size()) != 0) {
    ++m.failed;
    return false;
  }
  m.bytes += static_cast<long>(c.write(data)); // OK: returned on the path that closed
  return true;
}

void uploadManifest(HttpConnection &c, const std::string &manifest) {
  sendPreamble(c, "/v1/manifest", manifest.size());
  c.write(manifest); // BUG: use-after-close
}

void uploadChecksum(HttpConnection &c, const std::string &sha256) {
  requirePreamble(c, "/v1/checksum", sha256.size());
  c.write(sha256); // OK: requirePreamble throws after the helper closes
}

void uploadTags(HttpConnection &c, const std::string &tags, UploadMetrics &m) {
  if (sendPreamble(c, "/v1/tags", tags.size()) < 0) {
    ++m.failed;
    c.close(); // BUG: double-close
    return;
  }
  c.write(tags); // OK: the error path returned
  c.close();
}

int main() {
  UploadMetrics metrics;
  HttpConnection small("blobs.internal", 48), big("blobs.internal", 1 << 16);
  uploadBlob(big, "/v1/blobs/42", std::string(1024, 'x'), metrics);
  uploadTags(small, "env=prod,team=storage", metrics);
  try {
    uploadChecksum(big, "9f86d081884c7d659a2feaa0c55ad015");
  } catch (const UploadError &e) {
    std::cerr << e.what() << '\n';
  }
  uploadManifest(big, "{\"blobs\":[42]}");
  return 0;
}
