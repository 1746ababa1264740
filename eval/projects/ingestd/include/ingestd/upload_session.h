// One multipart upload to object storage.
//
// writePart() after close() or abort() throws
// std::logic_error("upload session finalized"). close() completes the
// upload; close() on a session that was already closed or aborted throws
// std::logic_error("upload session already finalized"). abort() drops the
// upload and is a no-op on a finalized session, so it is safe on cleanup
// paths. The destructor aborts an upload that was never finalized.
// Not thread-safe.
#pragma once
#include <memory>
#include <string>

namespace ingestd {

class StorageClient;

class UploadSession {
public:
  UploadSession(std::shared_ptr<StorageClient> client, std::string objectKey);
  ~UploadSession();
  UploadSession(const UploadSession &) = delete;
  UploadSession &operator=(const UploadSession &) = delete;

  void writePart(const std::string &bytes);
  void close();
  void abort();
  bool finalized() const { return finalized_; }
  int parts() const { return parts_; }
  const std::string &objectKey() const { return key_; }

private:
  std::shared_ptr<StorageClient> client_;
  std::string key_;
  std::string uploadId_;
  int parts_ = 0;
  bool finalized_ = false;
};

} // namespace ingestd
