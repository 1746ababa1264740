// Database connection pool of an order service. Broken connections are closed
// and replaced in place: the slot vector holds PgConn by value and a fresh
// PgConn is move-assigned over the closed one; the read replica lives in a
// std::optional that is reset() and emplace()d again; the admin connection is a
// unique_ptr reassigned when credentials rotate.
// Negative case: every query follows a replacement that installed a fresh open
// connection or an isOpen() check, and every close() runs at most once per
// connection object (shutdown() skips closed slots and empties the optional and
// the unique_ptr, so the destructor's second shutdown() closes nothing).
// PgConn semantics: query() throws std::runtime_error once closed; close() on a
// closed connection throws std::logic_error. A moved-from PgConn is closed.
#include <cstdio>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class PgConn {
public:
  explicit PgConn(std::string dsn) : dsn_(std::move(dsn)), handle_(nextHandle_++) {}
  PgConn(PgConn &&o) noexcept : dsn_(std::move(o.dsn_)), handle_(o.handle_),
        queries_(o.queries_), closed_(o.closed_), broken_(o.broken_) {
    o.handle_ = -1;
    o.closed_ = true;
  }
  PgConn &operator=(PgConn &&o) noexcept {
    if (this != &o) {
      if (!closed_)
        release();
      dsn_ = std::move(o.dsn_);
      handle_ = o.handle_;
      queries_ = o.queries_;
      closed_ = o.closed_;
      broken_ = o.broken_;
      o.handle_ = -1;
      o.closed_ = true;
    }
    return *this;
  }
  ~PgConn() {
    if (!closed_)
      release();
  }

  void query(const std::string &sql) {
    if (closed_)
      throw std::runtime_error("query on closed connection " + dsn_);
    if (++queries_ % 50 == 0)
      broken_ = true; // the server dropped us; the next health check notices
    std::printf("#%d %s\n", handle_, sql.c_str());
  }
  void close() {
    if (closed_)
      throw std::logic_error("connection " + dsn_ + " closed twice");
    release();
    closed_ = true;
  }
  bool isOpen() const { return !closed_; }
  bool healthy() const { return !closed_ && !broken_; }

private:
  void release() { std::printf("release #%d\n", handle_); }
  static inline int nextHandle_ = 1;
  std::string dsn_;
  int handle_;
  int queries_ = 0;
  bool closed_ = false;
  bool broken_ = false;
};

class OrderDbPool {
public:
  OrderDbPool(std::string dsn, std::string replicaDsn, size_t size)
      : dsn_(std::move(dsn)), replicaDsn_(std::move(replicaDsn)),
        admin_(std::make_unique<PgConn>(dsn_ + " user=admin")) {
    for (size_t i = 0; i < size; ++i)
      slots_.emplace_back(dsn_);
    replica_.emplace(replicaDsn_);
  }
  ~OrderDbPool() { shutdown(); }

  PgConn &acquire(size_t key) {
    PgConn &c = slots_[key % slots_.size()];
    if (!c.healthy()) {
      if (c.isOpen())
        c.close();
      c = PgConn(dsn_);
      c.query("SET application_name = 'orders'"); // OK: fresh connection moved over the closed one
    }
    return c;
  }

  void refreshReplica() {
    if (replica_) {
      replica_->close();
      replica_.reset();
    }
    replica_.emplace(replicaDsn_);
    replica_->query("SET default_transaction_read_only = on"); // OK: emplaced after reset
  }

  void dailyReport() {
    if (replica_ && replica_->isOpen())
      replica_->query("SELECT sum(total) FROM orders WHERE day = current_date"); // OK: checked
    else
      acquire(0).query("SELECT sum(total) FROM orders WHERE day = current_date");
  }

  void rotateAdminCredentials(const std::string &password) {
    admin_->close();
    admin_ = std::make_unique<PgConn>(dsn_ + " user=admin password=" + password);
    admin_->query("ALTER SYSTEM SET statement_timeout = '5s'"); // OK: new admin connection
  }

  void shutdown() {
    for (PgConn &c : slots_)
      if (c.isOpen())
        c.close(); // OK: skips slots already closed
    if (replica_) {
      replica_->close(); // OK: the optional is emptied right after
      replica_.reset();
    }
    if (admin_) {
      admin_->close(); // OK: unique_ptr reset right after, second shutdown skips it
      admin_.reset();
    }
  }

private:
  std::string dsn_, replicaDsn_;
  std::vector<PgConn> slots_;
  std::optional<PgConn> replica_;
  std::unique_ptr<PgConn> admin_;
};

int main() {
  OrderDbPool pool("host=pg1 dbname=orders", "host=pg2 dbname=orders", 4);
  for (size_t order = 0; order < 400; ++order)
    pool.acquire(order).query("INSERT INTO orders VALUES (" + std::to_string(order) + ")");
  pool.refreshReplica();
  pool.dailyReport();
  pool.rotateAdminCredentials("s3cr3t");
  pool.shutdown();
  return 0;
}
