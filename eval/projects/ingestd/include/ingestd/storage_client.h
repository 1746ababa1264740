// Client for the object store's ingest gateway. Requests go over one
// net::Connection (netconn.h: send()/flush() on a closed connection throw
// "connection closed"). When a request fails, the connection is closed and
// replaced by a fresh one, up to maxAttempts attempts in total.
//
// Thread-safe (one mutex around every request). After close(), every
// request (putObject, the multipart calls, ping) throws
// std::runtime_error("storage client closed"); close() is idempotent.
#pragma once
#include <memory>
#include <mutex>
#include <string>

namespace net {
class Connection;
}

namespace ingestd {

class StorageClient {
public:
  StorageClient(std::string endpoint, int maxAttempts);
  ~StorageClient();
  StorageClient(const StorageClient &) = delete;
  StorageClient &operator=(const StorageClient &) = delete;

  void putObject(const std::string &key, const std::string &bytes);
  std::string beginMultipart(const std::string &key);
  void putPart(const std::string &uploadId, int partNo, const std::string &bytes);
  void completeMultipart(const std::string &uploadId);
  void abortMultipart(const std::string &uploadId);
  bool ping();
  void close();
  bool isClosed() const;

private:
  void request(const std::string &frame);

  mutable std::mutex mu_;
  std::string endpoint_;
  int maxAttempts_;
  std::unique_ptr<net::Connection> conn_;
  unsigned long nextUploadId_ = 1;
  bool closed_ = false;
};

} // namespace ingestd
