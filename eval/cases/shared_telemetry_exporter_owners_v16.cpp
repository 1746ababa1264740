// Telemetry: one span exporter shared by the instrumented components of a
// service (HTTP handler, database client) through shared_ptr members, plus a
// periodic flush callback that only holds a weak_ptr.
// SpanExporter semantics: exportSpan() and flush() throw std::runtime_error
// once shutdown() has run; shutdown() is idempotent and is also called by the
// destructor.
// Negative case: the components only use the exporter through their own
// shared_ptr, which keeps it alive, and nobody calls shutdown() while a
// component still exists; the flush callback checks both lock() and
// isShutdown(); main() calls shutdown() once after every other owner is gone,
// and the destructor's second shutdown() is a documented no-op.
#include <functional>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

struct Span {
  std::string name;
  long durationUs;
};

class SpanExporter {
public:
  explicit SpanExporter(std::string endpoint) : endpoint_(std::move(endpoint)) {}
  ~SpanExporter() { shutdown(); }
  void exportSpan(const Span &s) {
    if (shutdown_)
      throw std::runtime_error("exporter shut down: " + s.name);
    batch_.push_back(s);
  }
  void flush() {
    if (shutdown_)
      throw std::runtime_error("exporter shut down");
    std::cout << "flushing " << batch_.size() << " spans to " << endpoint_ << "\n";
    batch_.clear();
  }
  void shutdown() {
    if (shutdown_)
      return;
    batch_.clear();
    shutdown_ = true;
  }
  bool isShutdown() const { return shutdown_; }

private:
  std::string endpoint_;
  std::vector<Span> batch_;
  bool shutdown_ = false;
};

class HttpHandler {
public:
  explicit HttpHandler(std::shared_ptr<SpanExporter> exp) : exporter_(std::move(exp)) {}
  void handle(const std::string &route) {
    exporter_->exportSpan({"GET " + route, 1200}); // OK: this handler co-owns an open exporter
  }

private:
  std::shared_ptr<SpanExporter> exporter_;
};

class DbClient {
public:
  explicit DbClient(std::shared_ptr<SpanExporter> exp) : exporter_(std::move(exp)) {}
  void query(const std::string &sql) {
    exporter_->exportSpan({"db: " + sql, 800}); // OK: nobody shuts the exporter down while a DbClient exists
  }

private:
  std::shared_ptr<SpanExporter> exporter_;
};

std::function<void()> makeFlushTask(const std::shared_ptr<SpanExporter> &exp) {
  std::weak_ptr<SpanExporter> weak = exp;
  return [weak] {
    auto e = weak.lock();
    if (e && !e->isShutdown())
      e->flush(); // OK: alive and not shut down
  };
}

int main() {
  auto exporter = std::make_shared<SpanExporter>("otel-collector:4317");
  auto flushTask = makeFlushTask(exporter);
  auto http = std::make_unique<HttpHandler>(exporter);
  auto db = std::make_unique<DbClient>(exporter);

  http->handle("/checkout");
  db->query("SELECT * FROM carts");
  flushTask();

  http.reset();
  db->query("UPDATE carts SET paid = 1"); // OK: the handler's reset only dropped one owner
  flushTask();

  db.reset();
  exporter->shutdown();
  flushTask(); // OK: the task sees isShutdown() and skips the flush
  exporter.reset(); // OK: the destructor's shutdown() is a no-op now
  flushTask(); // OK: lock() fails, the exporter is gone
  return 0;
}
