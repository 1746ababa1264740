// Negative. A report job releases a database connection and always replaces it
// before the next query: std::optional reset()/emplace() after a failed
// health check, a make_unique reassignment when the server asks for a
// reconnect, a move-assignment of a freshly constructed connection, and one
// fresh connection per shard inside the loop.
#include <cstddef>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class DbConnection {
public:
  explicit DbConnection(std::string dsn) : dsn_(std::move(dsn)) {}

  std::vector<std::string> query(const std::string &sql) {
    if (released_)
      throw std::runtime_error("db connection released: " + dsn_);
    return {sql};
  }
  bool ping() const { return !released_ && !dsn_.empty(); }
  bool reconnectRequested() const { return dsn_.find("failover") != std::string::npos; }
  void release() { released_ = true; }

private:
  std::string dsn_;
  bool released_ = false;
};

class ReportJob {
public:
  explicit ReportJob(std::string dsn) : dsn_(std::move(dsn)) {}

  std::size_t dailyTotals() {
    if (!primary_ || !primary_->ping()) {
      if (primary_)
        primary_->release();
      primary_.reset();
      primary_.emplace(dsn_);
    }
    return primary_->query("SELECT day, SUM(amount) FROM sales GROUP BY day").size(); // OK: emplaced after the release
  }

  std::size_t topCustomers() {
    auto replica = std::make_unique<DbConnection>(dsn_ + "?replica");
    std::size_t rows = replica->query("SELECT 1").size();
    if (replica->reconnectRequested()) {
      replica->release();
      replica = std::make_unique<DbConnection>(dsn_ + "?replica&retry=1");
    }
    rows += replica->query("SELECT customer FROM top_customers").size(); // OK: reassigned after the release
    replica->release();
    return rows;
  }

  std::size_t archive(const std::vector<std::string> &tables) {
    DbConnection conn(dsn_);
    std::size_t copied = 0;
    for (const std::string &table : tables) {
      copied += conn.query("INSERT INTO archive." + table + " SELECT * FROM " + table).size(); // OK: the previous iteration replaced the released connection
      conn.release();
      conn = DbConnection(dsn_);
      copied += conn.query("VACUUM " + table).size(); // OK: move-assigned a fresh connection
    }
    return copied;
  }

  std::size_t perShard(const std::vector<std::string> &shards) {
    std::size_t rows = 0;
    for (const std::string &shard : shards) {
      DbConnection conn(dsn_ + "/" + shard);
      rows += conn.query("SELECT COUNT(*) FROM events").size(); // OK: a new connection every iteration
      conn.release();
    }
    return rows;
  }

private:
  std::string dsn_;
  std::optional<DbConnection> primary_;
};
