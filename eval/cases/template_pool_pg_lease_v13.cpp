// Generic connection pool Pool<Conn> used by a billing service with a
// Postgres-like connection class. acquire() hands out a Lease that returns
// the connection on destruction; shutdown() closes every idle connection and
// marks the pool closed: acquire() then throws "pool closed", and a lease
// returned after shutdown closes its connection instead of parking it.
// PgConnection::query() throws once closed, close() throws when called twice.
//
// Bug (nightlyInvoices): Stats is a raw pointer kept from a short lease of a
// second connection; once that lease is returned the connection is idle,
// shutdown() closes it, and the query through Stats throws.
// Bug (closeBooks): recordAudit() acquires from the pool that closeBooks()
// just shut down: acquire() throws "pool closed".
// Correct: a connection that is leased while shutdown() runs is not closed by it
// (shutdown closes idle connections only), so querying through the live lease
// is fine, and its release closes it exactly once; shutdown() returns early
// when called a second time.
#include <functional>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

class PgConnection {
public:
  explicit PgConnection(std::string Dsn) : Dsn(std::move(Dsn)) {}
  int query(const std::string &Sql) {
    if (Closed)
      throw std::runtime_error("pg connection " + Dsn + " closed");
    std::cout << "[" << Dsn << "] " << Sql << "\n";
    return 1;
  }
  void close() {
    if (Closed)
      throw std::runtime_error("pg connection " + Dsn + " already closed");
    Closed = true;
  }

private:
  std::string Dsn;
  bool Closed = false;
};

template <typename Conn> class Pool {
public:
  class Lease {
  public:
    Lease(Pool &Owner, Conn *C) : Owner(&Owner), C(C) {}
    Lease(Lease &&Other) noexcept : Owner(Other.Owner), C(Other.C) { Other.C = nullptr; }
    Lease(const Lease &) = delete;
    ~Lease() {
      if (C)
        Owner->release(C);
    }
    Conn &get() { return *C; }

  private:
    Pool *Owner;
    Conn *C;
  };

  Pool(std::function<std::unique_ptr<Conn>()> Factory, std::size_t Max)
      : Factory(std::move(Factory)), Max(Max) {}

  Lease acquire() {
    if (Closed)
      throw std::runtime_error("pool closed");
    if (Idle.empty()) {
      if (All.size() == Max)
        throw std::runtime_error("pool exhausted");
      All.push_back(Factory());
      Idle.push_back(All.back().get());
    }
    Conn *C = Idle.back();
    Idle.pop_back();
    return Lease(*this, C);
  }

  void shutdown() {
    if (Closed)
      return;
    Closed = true;
    for (Conn *C : Idle)
      C->close();
    Idle.clear();
  }

private:
  void release(Conn *C) {
    if (Closed)
      C->close(); // OK: only leased connections get here after shutdown, and shutdown did not close them
    else
      Idle.push_back(C);
  }

  std::function<std::unique_ptr<Conn>()> Factory;
  std::size_t Max;
  std::vector<std::unique_ptr<Conn>> All;
  std::vector<Conn *> Idle;
  bool Closed = false;
};

using PgPool = Pool<PgConnection>;

void nightlyInvoices(PgPool &Db, const std::vector<std::string> &Accounts) {
  PgPool::Lease Batch = Db.acquire();
  PgConnection *Stats = nullptr;
  {
    PgPool::Lease L = Db.acquire();
    Stats = &L.get();
    Stats->query("SET default_statistics_target = 500");
  }
  for (const std::string &A : Accounts)
    Batch.get().query("INSERT INTO invoices SELECT * FROM usage WHERE account = '" + A + "'");

  Db.shutdown(); // the maintenance window starts
  Batch.get().query("COMMIT"); // OK: Batch is leased, shutdown() closed idle connections only
  Stats->query("ANALYZE invoices"); // BUG: use-after-close
}

void recordAudit(PgPool &Db, const std::string &Job) {
  PgPool::Lease A = Db.acquire(); // SAME: audit
  A.get().query("INSERT INTO audit(job) VALUES ('" + Job + "')");
}

void closeBooks(PgPool &Db) {
  {
    PgPool::Lease L = Db.acquire();
    L.get().query("UPDATE ledger SET closed = true WHERE period = current_period()");
  }
  Db.shutdown(); // the maintenance window starts
  recordAudit(Db, "close-books"); // BUG: use-after-close #audit
}

int main(int argc, char **argv) {
  PgPool Db([] { return std::make_unique<PgConnection>("billing@pg-primary:5432"); }, 4);
  std::string Job = argc > 1 ? argv[1] : "invoices";
  if (Job == "invoices")
    nightlyInvoices(Db, {"acme", "globex", "initech"});
  else
    closeBooks(Db);
  Db.shutdown(); // returns at once when the job already shut the pool down
  return 0;
}
