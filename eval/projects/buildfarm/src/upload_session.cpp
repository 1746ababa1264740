#include "buildfarm/upload_session.h"
#include "buildfarm/store_pool.h"

#include <stdexcept>
#include <utility>

namespace buildfarm {

UploadSession::UploadSession(StorePool &pool, std::string artifactId)
    : pool_(pool), id_(std::move(artifactId)) {}

UploadSession::~UploadSession() {
  abort(); // OK: abort() does nothing after close() or abort()
}

void UploadSession::begin() {
  if (state_ != State::Idle)
    throw std::logic_error("upload session already started: " + id_);
  conn_ = pool_.acquire();
  conn_->send("BEGIN " + id_); // BUG: use-after-close
  state_ = State::Open;
}

void UploadSession::writeChunk(const std::string &bytes) {
  if (state_ != State::Open)
    throw std::logic_error("upload session closed: " + id_);
  conn_->send("CHUNK " + std::to_string(bytes.size()));
  conn_->send(bytes);
  written_ += bytes.size();
}

void UploadSession::close() {
  if (state_ == State::Committed || state_ == State::Aborted)
    throw std::logic_error("upload session already closed: " + id_);
  if (state_ == State::Open) {
    conn_->send("COMMIT " + id_ + " size=" + std::to_string(written_));
    conn_->flush();
  }
  state_ = State::Committed;
  pool_.release(std::move(conn_));
}

void UploadSession::abort() {
  if (state_ == State::Committed || state_ == State::Aborted)
    return;
  state_ = State::Aborted;
  if (conn_) {
    conn_->close();
    conn_.reset();
  }
}

bool UploadSession::finished() const {
  return state_ == State::Committed || state_ == State::Aborted;
}

} // namespace buildfarm
