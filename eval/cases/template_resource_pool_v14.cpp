// Report server built on a ResourcePool<T> template of database connections.
// acquire() throws std::runtime_error("pool is closed") once close() ran;
// close() twice throws std::logic_error("pool already closed"); release()
// after close() just drops the resource.
// Negative case, correct: stop() joins every worker before it closes the pool,
// a std::once_flag makes the close run once although stop() is also called by
// the destructor, and adHocQuery() (called on the same thread as stop()) checks
// operator bool before acquiring.
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdio>
#include <functional>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

template <typename T> class ResourcePool {
public:
  using Factory = std::function<std::unique_ptr<T>()>;
  ResourcePool(Factory factory, std::size_t maxIdle) : factory_(std::move(factory)), maxIdle_(maxIdle) {}

  std::unique_ptr<T> acquire() {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_)
      throw std::runtime_error("pool is closed");
    if (!idle_.empty()) {
      std::unique_ptr<T> r = std::move(idle_.back());
      idle_.pop_back();
      return r;
    }
    return factory_();
  }

  void release(std::unique_ptr<T> r) {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_ || idle_.size() >= maxIdle_)
      return;
    idle_.push_back(std::move(r));
  }

  void close() {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_)
      throw std::logic_error("pool already closed");
    closed_ = true;
    idle_.clear();
  }

  bool isClosed() const {
    std::lock_guard<std::mutex> lock(mu_);
    return closed_;
  }
  explicit operator bool() const { return !isClosed(); }

private:
  Factory factory_;
  std::size_t maxIdle_;
  mutable std::mutex mu_;
  std::vector<std::unique_ptr<T>> idle_;
  bool closed_ = false;
};

struct DbConn {
  std::string dsn;
  int queries = 0;
  void query(const std::string &) { ++queries; }
};

class ReportServer {
public:
  ReportServer() : pool_([] { return std::make_unique<DbConn>(DbConn{"postgres://reports", 0}); }, 4) {}
  ~ReportServer() { stop(); }

  void start(int workers) {
    for (int i = 0; i < workers; ++i)
      workers_.emplace_back([this, i] { runWorker(i); });
  }

  void stop() {
    running_ = false;
    for (std::thread &t : workers_)
      t.join();
    workers_.clear();
    std::call_once(closeOnce_, [this] {
      pool_.close(); // OK: call_once runs this once although the destructor calls stop() again
    });
  }

  bool adHocQuery(const std::string &sql) {
    if (!pool_)
      return false;
    std::unique_ptr<DbConn> conn = pool_.acquire(); // OK: the pool is open, only stop() closes it and it runs on this same thread
    conn->query(sql);
    pool_.release(std::move(conn));
    return true;
  }

private:
  void runWorker(int id) {
    while (running_) {
      std::unique_ptr<DbConn> conn = pool_.acquire(); // OK: stop() joins every worker before it closes the pool
      conn->query("SELECT refresh_report(" + std::to_string(id) + ")");
      pool_.release(std::move(conn));
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  }

  ResourcePool<DbConn> pool_;
  std::atomic<bool> running_{true};
  std::vector<std::thread> workers_;
  std::once_flag closeOnce_;
};

int main() {
  ReportServer server;
  server.start(3);
  server.adHocQuery("SELECT count(*) FROM reports");
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  server.stop();
  if (!server.adHocQuery("SELECT 1")) // OK: adHocQuery() sees the closed pool through operator bool and returns false
    std::puts("server stopped, ad-hoc query skipped");
  return 0;
} // OK: the destructor's stop() skips the close, the once_flag is already set
