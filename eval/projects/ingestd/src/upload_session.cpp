// UploadSession: one multipart upload.
#include "ingestd/upload_session.h"
#include "ingestd/storage_client.h"

#include <stdexcept>

namespace ingestd {

UploadSession::UploadSession(std::shared_ptr<StorageClient> client, std::string objectKey)
    : client_(std::move(client)), key_(std::move(objectKey)) {
  uploadId_ = client_->beginMultipart(key_);
}

UploadSession::~UploadSession() {
  if (finalized_)
    return;
  try {
    abort(); // OK: only for an upload that was never closed or aborted
  } catch (const std::exception &) {
    // The store expires abandoned uploads on its own.
  }
}

void UploadSession::writePart(const std::string &bytes) {
  if (finalized_)
    throw std::logic_error("upload session finalized: " + key_);
  client_->putPart(uploadId_, parts_ + 1, bytes);
  ++parts_;
}

void UploadSession::close() {
  if (finalized_)
    throw std::logic_error("upload session already finalized: " + key_);
  finalized_ = true;
  client_->completeMultipart(uploadId_);
}

void UploadSession::abort() {
  if (finalized_)
    return;
  finalized_ = true;
  client_->abortMultipart(uploadId_);
}

} // namespace ingestd
