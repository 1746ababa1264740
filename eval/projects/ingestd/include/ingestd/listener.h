// Accepts encoder connections on the ingest port. start() binds, listens and
// starts the accept thread. For every connection the listener reads the
// handshake, checks the secret, creates a Session and installs it in the
// registry (kicking a previous session with the same stream key).
// stop() is idempotent: it shuts the listening socket down, joins the accept
// thread and only then closes the socket.
#pragma once
#include "ingestd/bounded_queue.h"
#include "ingestd/chunk.h"
#include "ingestd/session.h"
#include "ingestd/unique_fd.h"

#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <thread>

namespace ingestd {

class LogFile;
class SessionRegistry;
class Stats;
class StreamAuthorizer;

class Listener {
public:
  using StreamEndFn = std::function<void(const std::string &streamKey)>;

  Listener(std::string address, int port, int handshakeTimeoutMs,
           std::shared_ptr<SessionRegistry> registry,
           std::shared_ptr<BoundedQueue<Frame>> keyframes,
           const StreamAuthorizer &auth, LogFile &log, Stats &stats);
  ~Listener();
  Listener(const Listener &) = delete;
  Listener &operator=(const Listener &) = delete;

  bool start(Session::ChunkSink sink, StreamEndFn onStreamEnd);
  void stop();

private:
  void acceptLoop();
  void handleConnection(int cfd);

  std::string address_;
  int port_;
  int handshakeTimeoutMs_;
  std::shared_ptr<SessionRegistry> registry_;
  std::shared_ptr<BoundedQueue<Frame>> keyframes_;
  const StreamAuthorizer &auth_;
  LogFile &log_;
  Stats &stats_;
  Session::ChunkSink sink_;
  StreamEndFn onStreamEnd_;
  UniqueFd listenFd_;
  std::thread thread_;
  std::atomic<bool> running_{false};
};

} // namespace ingestd
