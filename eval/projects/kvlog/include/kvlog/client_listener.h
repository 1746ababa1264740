// TCP listener for client sessions. Each session has a reader thread; requests
// run on the handler pool and the reply goes back through the session. stop()
// stops accepting, ends every session, joins the readers and shuts the handler
// pool down; it is idempotent and the destructor calls it.
#pragma once
#include "kvlog/client_session.h"
#include "kvlog/thread_pool.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

namespace kvlog {

class ClientListener {
public:
  using Handler = std::function<std::string(const std::string &request)>;

  ClientListener(std::string address, int port, unsigned handlerThreads, Handler handler);
  ~ClientListener();

  bool start();
  void stop();
  std::size_t sessionCount() const;

private:
  void acceptLoop();
  void readLoop(std::shared_ptr<ClientSession> session);
  void handleRequest(const std::shared_ptr<ClientSession> &session, const std::string &line);
  void endSession(const std::shared_ptr<ClientSession> &session, const char *why);

  const std::string address_;
  const int port_;
  const unsigned handlerThreads_;
  Handler handler_;
  int listenFd_ = -1;
  std::thread acceptThread_;
  std::atomic<bool> stopping_{false};
  ThreadPool handlers_;
  mutable std::mutex mu_;
  std::unordered_map<std::uint64_t, std::shared_ptr<ClientSession>> sessions_;
  std::vector<std::thread> readers_;
  std::uint64_t nextId_ = 1;
};

} // namespace kvlog
