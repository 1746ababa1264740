// Connection pool of a warehouse exporter. Pool<T> hands out Leases; a
// Lease gives its object back when destroyed. giveBack() drops an object
// that is already closed and otherwise returns it to the idle list while the
// pool is running; after shutdown() it closes the object instead. shutdown() closes
// every idle object and marks the pool shut down; objects still leased stay
// open until their lease ends. acquire() after shutdown() throws
// std::runtime_error("pool is shut down"). WarehouseConn::send() throws
// std::logic_error once closed, and std::runtime_error when the server
// rejects a row; close() is idempotent.
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

class WarehouseConn {
public:
  explicit WarehouseConn(std::string dsn) : dsn_(std::move(dsn)) {}
  void send(const std::string &row) {
    if (closed_)
      throw std::logic_error("warehouse connection closed: " + dsn_);
    if (row.size() > kMaxRow)
      throw std::runtime_error("row rejected by server");
    sent_.push_back(row);
  }
  void close() { closed_ = true; }
  bool isClosed() const { return closed_; }

private:
  static constexpr size_t kMaxRow = 1 << 20;
  std::string dsn_;
  std::vector<std::string> sent_;
  bool closed_ = false;
};

template <typename T> class Pool {
public:
  class Lease {
  public:
    Lease(Pool *pool, std::unique_ptr<T> obj) : pool_(pool), obj_(std::move(obj)) {}
    Lease(Lease &&) = default;
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

  explicit Pool(std::function<std::unique_ptr<T>()> factory) : factory_(std::move(factory)) {}
  Lease acquire();
  void shutdown();

private:
  void giveBack(std::unique_ptr<T> obj);
  std::function<std::unique_ptr<T>()> factory_;
  std::vector<std::unique_ptr<T>> idle_;
  bool shutDown_ = false;
};

template <typename T> typename Pool<T>::Lease Pool<T>::acquire() {
  if (shutDown_)
    throw std::runtime_error("pool is shut down");
  if (idle_.empty())
    return Lease(this, factory_());
  std::unique_ptr<T> obj = std::move(idle_.back());
  idle_.pop_back();
  return Lease(this, std::move(obj));
}

template <typename T> void Pool<T>::giveBack(std::unique_ptr<T> obj) {
  if (obj->isClosed())
    return;
  if (shutDown_) {
    obj->close();
    return;
  }
  idle_.push_back(std::move(obj));
}

template <typename T> void Pool<T>::shutdown() {
  shutDown_ = true;
  for (auto &obj : idle_)
    obj->close();
  idle_.clear();
}

class Exporter {
public:
  explicit Exporter(Pool<WarehouseConn> &pool) : pool_(pool) {}
  bool writeBatch(const std::string &id, const std::vector<std::string> &rows);
  void finish(const std::string &runId);

private:
  static void recordFailure(WarehouseConn &conn, const std::string &id, const char *why);
  Pool<WarehouseConn> &pool_;
};

// Writes a row into the server-side failure table for the operators.
void Exporter::recordFailure(WarehouseConn &conn, const std::string &id, const char *why) {
  conn.send("FAILED " + id + " " + why); // SAME: failrow
}

bool Exporter::writeBatch(const std::string &id, const std::vector<std::string> &rows) {
  auto conn = pool_.acquire();
  conn->send("BEGIN " + id); // OK: giveBack() drops closed connections, acquire() never returns one
  try {
    for (const std::string &r : rows)
      conn->send(r);
    conn->send("COMMIT " + id);
    return true;
  } catch (const std::runtime_error &e) {
    // The session is in an unknown state after a rejected row: drop it.
    conn->close();
    recordFailure(*conn, id, e.what()); // BUG: use-after-close #failrow
    return false;
  }
}

void Exporter::finish(const std::string &runId) {
  auto conn = pool_.acquire();
  pool_.shutdown();
  conn->send("RUN DONE " + runId); // OK: leased objects stay open until the lease ends
  auto audit = pool_.acquire(); // BUG: use-after-close
  audit->send("AUDIT " + runId);
}
