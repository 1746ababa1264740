// QueryDispatcher: worker threads that run queued client queries.
#include "sqlproxy/QueryDispatcher.h"

#include "sqlproxy/BackendConn.h"
#include "sqlproxy/MetricsFile.h"
#include "sqlproxy/QueryLog.h"
#include "sqlproxy/Router.h"
#include "sqlproxy/SessionManager.h"

#include <stdexcept>

namespace sqlproxy {

QueryDispatcher::QueryDispatcher(std::shared_ptr<BoundedQueue<Request>> queue,
                                 std::shared_ptr<SessionManager> sessions,
                                 std::shared_ptr<Router> router, std::shared_ptr<QueryLog> log,
                                 std::shared_ptr<MetricsFile> metrics, Options options)
    : queue_(std::move(queue)), sessions_(std::move(sessions)), router_(std::move(router)),
      log_(std::move(log)), metrics_(std::move(metrics)), options_(std::move(options)) {}

QueryDispatcher::~QueryDispatcher() { stop(); }

void QueryDispatcher::start() {
  if (!options_.slowLogPath.empty()) {
    std::FILE *f = std::fopen(options_.slowLogPath.c_str(), "a");
    if (!f)
      throw std::runtime_error("cannot open slow-query log " + options_.slowLogPath);
    std::setvbuf(f, nullptr, _IOLBF, 0);
    slowLog_.store(f);
  }
  const std::size_t n = options_.threads ? options_.threads : 1;
  for (std::size_t i = 0; i < n; ++i)
    workers_.emplace_back([this] { workerLoop(); });
}

void QueryDispatcher::stop() {
  queue_->close(); // OK: BoundedQueue::close() is idempotent; the coordinator may have closed it already
  // Swap the pointer out first so that workers see nullptr from now on.
  if (std::FILE *slow = slowLog_.exchange(nullptr))
    std::fclose(slow); // SAME: slowlog_race
  for (std::thread &t : workers_)
    if (t.joinable())
      t.join();
  workers_.clear();
}

void QueryDispatcher::workerLoop() {
  while (std::optional<Request> req = queue_->pop()) {
    const std::shared_ptr<Session> session = sessions_->find(req->sessionId);
    if (!session || session->closed())
      continue; // the client went away while its query was queued

    const auto started = Clock::now();
    bool failed = false;
    try {
      const QueryResult result = req->params.empty()
                                     ? router_->execute(req->sql)
                                     : router_->executePrepared(req->sql, req->params);
      session->deliver(result);
    } catch (const BackendQueryError &e) {
      failed = true;
      session->sendError(e.sqlstate().empty() ? "XX000" : e.sqlstate(), e.what());
    } catch (const std::exception &e) {
      failed = true;
      session->sendError("08006", e.what()); // OK: sendError() does nothing once deliver() has aborted the session
    }
    session->markIdle();

    const auto elapsed = std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - started);
    log_->append(session->id(), req->sql, elapsed);
    metrics_->add("sqlproxy_queries_total", 1);
    if (failed)
      metrics_->add("sqlproxy_query_errors_total", 1);

    if (std::FILE *slow = slowLog_.load(); slow && elapsed >= options_.slowThreshold) {
      std::fprintf(slow, "%lld us session=%llu %s\n", static_cast<long long>(elapsed.count()), // BUG: use-after-close #slowlog_race
                   static_cast<unsigned long long>(session->id()), req->sql.c_str());
    }
  }
}

} // namespace sqlproxy
