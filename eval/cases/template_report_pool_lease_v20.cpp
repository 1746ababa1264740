// Reporting service with a generic object pool. Pool<T> protocol
// (implemented below): acquire() hands out the most recently returned idle
// object or creates one with the factory, and throws std::runtime_error
// ("pool shut down") after shutdown(); a Lease gives its object back when
// destroyed, or destroys it if the pool is already shut down; shutdown() is
// idempotent. Used with T = DbConn and T = Buffer. DbConn::query() throws
// std::runtime_error once the connection is closed. Defects: a report closes
// its pooled DbConn and the next lease gets that closed connection back, and
// the exporter acquires a buffer after the pool was shut down.
#include <cstdio>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

template <typename T>
class Pool {
public:
  using Factory = std::function<std::unique_ptr<T>()>;
  class Lease {
  public:
    Lease(Pool *pool, std::unique_ptr<T> obj) : pool_(pool), obj_(std::move(obj)) {}
    Lease(Lease &&) noexcept = default;
    ~Lease() {
      if (obj_)
        pool_->giveBack(std::move(obj_));
    }
    T *operator->() const { return obj_.get(); }
    T &operator*() const { return *obj_; }

  private:
    Pool *pool_;
    std::unique_ptr<T> obj_;
  };

  explicit Pool(Factory factory) : factory_(std::move(factory)) {}
  Lease acquire();
  void shutdown();

private:
  void giveBack(std::unique_ptr<T> obj);
  Factory factory_;
  std::vector<std::unique_ptr<T>> idle_;
  bool shut_ = false;
};

template <typename T> typename Pool<T>::Lease Pool<T>::acquire() {
  if (shut_)
    throw std::runtime_error("pool shut down");
  if (idle_.empty())
    return Lease(this, factory_());
  std::unique_ptr<T> obj = std::move(idle_.back());
  idle_.pop_back();
  return Lease(this, std::move(obj));
}

template <typename T> void Pool<T>::giveBack(std::unique_ptr<T> obj) {
  if (!shut_)
    idle_.push_back(std::move(obj));
}

template <typename T> void Pool<T>::shutdown() {
  shut_ = true;
  idle_.clear();
}

class DbConn {
public:
  explicit DbConn(std::string dsn) : dsn_(std::move(dsn)) {}
  std::string query(const std::string &sql);
  void close() { closed_ = true; }

private:
  std::string dsn_;
  bool closed_ = false;
};

std::string DbConn::query(const std::string &sql) {
  if (closed_)
    throw std::runtime_error("query on closed connection to " + dsn_);
  return "rows(" + sql.substr(0, 24) + ")";
}

using Buffer = std::vector<char>;

std::string monthlyTotals(Pool<DbConn> &db) {
  auto conn = db.acquire();
  std::string rows = conn->query("SELECT month, sum(total) FROM invoices GROUP BY 1");
  conn->close();
  return rows;
}

std::string topCustomers(Pool<DbConn> &db) {
  auto conn = db.acquire();
  return conn->query("SELECT customer FROM invoices ORDER BY total DESC LIMIT 10"); // BUG: use-after-close
}

void exportCsv(Pool<Buffer> &buffers, const std::string &rows) {
  {
    auto buf = buffers.acquire();
    buf->assign(rows.begin(), rows.end());
    buffers.shutdown();
    buf->push_back('\n'); // OK: the lease still owns its buffer; shutdown() only empties the idle list
  } // OK: a lease that outlives shutdown() destroys its buffer instead of returning it
  buffers.shutdown(); // OK: shutdown() is idempotent
  auto trailer = buffers.acquire(); // BUG: use-after-close
  trailer->push_back('#');
}

int main() {
  Pool<DbConn> db([] { return std::make_unique<DbConn>("postgres://reports@db-ro/billing"); });
  Pool<Buffer> buffers([] { return std::make_unique<Buffer>(); });
  try {
    std::string totals = monthlyTotals(db);
    std::printf("%s\n%s\n", totals.c_str(), topCustomers(db).c_str());
  } catch (const std::exception &e) {
    std::fprintf(stderr, "report: %s\n", e.what());
  }
  try {
    exportCsv(buffers, "customer,total\nacme,1299.00");
  } catch (const std::exception &e) {
    std::fprintf(stderr, "export: %s\n", e.what());
  }
  return 0;
}
