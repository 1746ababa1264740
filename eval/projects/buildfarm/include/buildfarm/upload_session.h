// One artifact upload to the artifact store.
#pragma once
#include <netconn.h>

#include <cstdint>
#include <memory>
#include <string>

namespace buildfarm {

class StorePool;

// begin() takes a connection from the store pool and starts the upload.
// writeChunk() throws std::logic_error("upload session closed") unless the
// session is open. close() commits the upload and returns the connection to
// the pool; a second close() throws std::logic_error("upload session already
// closed"). abort() drops the upload and closes the connection; it does
// nothing on a session that is already closed or aborted. The destructor
// aborts. Not thread-safe: one thread at a time.
class UploadSession {
public:
  UploadSession(StorePool &pool, std::string artifactId);
  ~UploadSession();
  UploadSession(const UploadSession &) = delete;
  UploadSession &operator=(const UploadSession &) = delete;

  void begin();
  void writeChunk(const std::string &bytes);
  void close();
  void abort();
  bool finished() const;
  const std::string &id() const { return id_; }
  std::uint64_t bytesWritten() const { return written_; }

private:
  enum class State { Idle, Open, Committed, Aborted };

  StorePool &pool_;
  std::string id_;
  std::shared_ptr<net::Connection> conn_;
  State state_ = State::Idle;
  std::uint64_t written_ = 0;
};

} // namespace buildfarm
