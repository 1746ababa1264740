// StorageClient: requests to the object store gateway with reconnects.
#include "ingestd/storage_client.h"

#include "netconn.h"

#include <stdexcept>

namespace ingestd {

StorageClient::StorageClient(std::string endpoint, int maxAttempts)
    : endpoint_(std::move(endpoint)), maxAttempts_(maxAttempts > 0 ? maxAttempts : 1),
      conn_(std::make_unique<net::Connection>(endpoint_)) {}

StorageClient::~StorageClient() {
  close(); // OK: close() is idempotent, the uploader closes the client in stop()
}

void StorageClient::request(const std::string &frame) {
  // Caller holds mu_ and has checked closed_.
  for (int attempt = 1;; ++attempt) {
    try {
      conn_->send(frame); // OK: every close below is followed by a fresh connection
      conn_->flush(); // OK: same connection as the send above
      return;
    } catch (const std::runtime_error &) {
      conn_->close();
      // Always leave a fresh connection behind, also for the next request.
      conn_ = std::make_unique<net::Connection>(endpoint_);
      if (attempt >= maxAttempts_)
        throw;
    }
  }
}

void StorageClient::putObject(const std::string &key, const std::string &bytes) {
  std::lock_guard<std::mutex> lk(mu_);
  if (closed_)
    throw std::runtime_error("storage client closed");
  request("PUT " + key + " " + std::to_string(bytes.size()) + "\n" + bytes);
}

std::string StorageClient::beginMultipart(const std::string &key) {
  std::lock_guard<std::mutex> lk(mu_);
  if (closed_)
    throw std::runtime_error("storage client closed");
  const std::string id = key + "#" + std::to_string(nextUploadId_++);
  request("MPU-BEGIN " + key + " " + id + "\n");
  return id;
}

void StorageClient::putPart(const std::string &uploadId, int partNo, const std::string &bytes) {
  std::lock_guard<std::mutex> lk(mu_);
  if (closed_)
    throw std::runtime_error("storage client closed");
  request("MPU-PART " + uploadId + " " + std::to_string(partNo) + " " +
          std::to_string(bytes.size()) + "\n" + bytes);
}

void StorageClient::completeMultipart(const std::string &uploadId) {
  std::lock_guard<std::mutex> lk(mu_);
  if (closed_)
    throw std::runtime_error("storage client closed");
  request("MPU-DONE " + uploadId + "\n");
}

void StorageClient::abortMultipart(const std::string &uploadId) {
  std::lock_guard<std::mutex> lk(mu_);
  if (closed_)
    throw std::runtime_error("storage client closed");
  request("MPU-ABORT " + uploadId + "\n");
}

bool StorageClient::ping() {
  std::lock_guard<std::mutex> lk(mu_);
  if (closed_)
    throw std::runtime_error("storage client closed");
  request("PING\n");
  return true;
}

void StorageClient::close() {
  std::lock_guard<std::mutex> lk(mu_);
  if (closed_)
    return;
  closed_ = true;
  conn_->close();
}

bool StorageClient::isClosed() const {
  std::lock_guard<std::mutex> lk(mu_);
  return closed_;
}

} // namespace ingestd
