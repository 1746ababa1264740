// QueryDispatcher: the worker threads that run client queries.
// Workers pop Requests from the shared BoundedQueue, run them through the
// Router, stream the result to the Session, log them to the QueryLog and, when
// a query is slower than the threshold, append a line to the slow-query log
// (a FILE* opened by start()).
//  - start() opens the slow-query log and starts the workers.
//  - stop() closes the request queue (workers finish what is already queued),
//    closes the slow-query log and joins the workers. Idempotent; the
//    destructor calls it.
#pragma once
#include "sqlproxy/BoundedQueue.h"
#include "sqlproxy/Request.h"
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdio>
#include <memory>
#include <string>
#include <thread>
#include <vector>

namespace sqlproxy {

class SessionManager;
class Router;
class QueryLog;
class MetricsFile;

class QueryDispatcher {
public:
  struct Options {
    std::size_t threads = 4;
    std::string slowLogPath;
    std::chrono::microseconds slowThreshold{500000};
  };

  QueryDispatcher(std::shared_ptr<BoundedQueue<Request>> queue,
                  std::shared_ptr<SessionManager> sessions, std::shared_ptr<Router> router,
                  std::shared_ptr<QueryLog> log, std::shared_ptr<MetricsFile> metrics,
                  Options options);
  ~QueryDispatcher();
  QueryDispatcher(const QueryDispatcher &) = delete;
  QueryDispatcher &operator=(const QueryDispatcher &) = delete;

  void start();
  void stop();

private:
  void workerLoop();

  std::shared_ptr<BoundedQueue<Request>> queue_;
  std::shared_ptr<SessionManager> sessions_;
  std::shared_ptr<Router> router_;
  std::shared_ptr<QueryLog> log_;
  std::shared_ptr<MetricsFile> metrics_;
  const Options options_;
  std::atomic<std::FILE *> slowLog_{nullptr};
  std::vector<std::thread> workers_;
};

} // namespace sqlproxy
