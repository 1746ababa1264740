// A small database client whose own DbConnection class defines the protocol:
// query() on a closed connection returns Status::Closed without touching the
// socket, close() is documented idempotent (a second call returns at once), and
// reconnect() brings a closed connection back. Negative: queries run only
// before a close, after reconnect(), or behind isOpen(); the repeated close()
// calls are harmless by the class's own contract.
#include <string>
#include <utility>
#include <vector>

enum class Status { Ok, Closed, Failed };

class DbConnection {
public:
  explicit DbConnection(std::string Dsn) : Dsn(std::move(Dsn)) { Open = true; }

  Status query(const std::string &Sql, std::vector<std::string> &Rows) {
    if (!Open)
      return Status::Closed;
    Rows.push_back("row for " + Sql);
    return Sql.empty() ? Status::Failed : Status::Ok;
  }
  /// Idempotent: closing a closed connection does nothing.
  void close() {
    if (!Open)
      return;
    Log.push_back("disconnect " + Dsn);
    Open = false;
  }
  void reconnect() {
    close();
    Log.push_back("connect " + Dsn);
    Open = true;
  }
  bool isOpen() const { return Open; }

private:
  std::string Dsn;
  bool Open = false;
  std::vector<std::string> Log;
};

Status loadUsers(DbConnection &Db, std::vector<std::string> &Users) {
  Status S = Db.query("SELECT name FROM users", Users);
  if (S == Status::Failed) {
    Db.close();
    return S;
  }
  return Db.query("SELECT name FROM admins", Users); // OK: the failing branch closed and returned
}

void nightlyMaintenance(DbConnection &Db) {
  std::vector<std::string> Out;
  Db.query("VACUUM", Out);
  Db.close();
  Db.reconnect();
  Db.query("ANALYZE", Out); // OK: reconnect() reopened the connection
  Db.close();
}

void drainQueue(DbConnection &Db, const std::vector<std::string> &Statements) {
  std::vector<std::string> Out;
  for (const std::string &Sql : Statements) {
    if (!Db.isOpen())
      break;
    if (Db.query(Sql, Out) == Status::Failed) // OK: the loop leaves once the connection is closed
      Db.close();
  }
}

class Repository {
public:
  explicit Repository(const std::string &Dsn) : Db(Dsn) {}
  ~Repository() { Db.close(); } // OK: close() is idempotent, shutdown() may have run
  void shutdown() { Db.close(); }
  Status count(std::vector<std::string> &Out) { return Db.query("SELECT count(*) FROM t", Out); }

private:
  DbConnection Db;
};

int main() {
  DbConnection Db("postgres://db-1/app");
  std::vector<std::string> Users;
  if (loadUsers(Db, Users) != Status::Ok)
    Db.reconnect();
  nightlyMaintenance(Db);
  drainQueue(Db, {"DELETE FROM sessions WHERE expired", "", "SELECT 1"});
  Db.close(); // OK: idempotent by contract even if drainQueue() closed it
  Repository Repo("postgres://db-2/app");
  std::vector<std::string> Out;
  Repo.count(Out);
  Repo.shutdown();
  return 0;
}
