// Ledger writer of an accounting service: it keeps its database session in a
// std::optional<DbSession>. ensureSession() emplaces a session when the
// optional is empty; disconnect() closes and resets it; healthCheck()
// replaces an unhealthy session; rotateCredentials() closes the session and
// opens one with the new DSN from the vault. DbSession::execute() throws once
// the session is closed.
//
// Bug: when the vault returns no DSN, rotateCredentials() has already closed
// the session and returns without a replacement; the optional still holds the
// closed session, so ensureSession() does not reopen it and post() executes
// on the closed session: execute() throws.
// Correct: after disconnect() the optional is empty and post() reopens; after
// healthCheck() or a successful rotation the optional holds a fresh session.
#include <iostream>
#include <optional>
#include <stdexcept>
#include <string>

class DbSession {
public:
  explicit DbSession(std::string Dsn) : Dsn(std::move(Dsn)) {}
  int execute(const std::string &Sql) {
    if (Closed)
      throw std::runtime_error("db session " + Dsn + " closed");
    std::cout << "[" << Dsn << "] " << Sql << "\n";
    return ++Statements;
  }
  void close() { Closed = true; }
  bool healthy() const { return !Closed && Errors < 3; }
  void noteError() { ++Errors; }

private:
  std::string Dsn;
  int Statements = 0;
  int Errors = 0;
  bool Closed = false;
};

struct Entry {
  std::string Account;
  long Cents;
};

class LedgerWriter {
public:
  explicit LedgerWriter(std::string Dsn) : Dsn(std::move(Dsn)) {}

  void post(const Entry &E) {
    ensureSession();
    Session->execute("INSERT INTO ledger VALUES ('" + E.Account + "', " + // SAME: rotate
                     std::to_string(E.Cents) + ")");
  }

  void disconnect() {
    if (!Session)
      return;
    Session->close();
    Session.reset();
  }

  void healthCheck() {
    ensureSession();
    if (!Session->healthy()) {
      Session->close();
      Session.emplace(Dsn);
    }
    Session->execute("SELECT 1"); // OK: replaced when it was closed above
  }

  void rotateCredentials(const std::string &NewDsn) {
    if (Session)
      Session->close();
    if (NewDsn.empty()) {
      std::cerr << "vault returned no DSN, keeping the old credentials\n";
      return;
    }
    Dsn = NewDsn;
    Session.emplace(Dsn);
    Session->execute("SET application_name = 'ledger'"); // OK: the fresh session
  }

private:
  void ensureSession() {
    if (!Session)
      Session.emplace(Dsn);
  }

  std::string Dsn;
  std::optional<DbSession> Session;
};

std::string fetchDsnFromVault(const std::string &Path) {
  if (Path.empty())
    return "";
  return "postgres://ledger@pg-primary:5432/ledger?cred=" + Path;
}

int main(int argc, char **argv) {
  LedgerWriter Writer("postgres://ledger@pg-primary:5432/ledger");
  Writer.post({"acct-100", 12500});
  Writer.disconnect();
  Writer.post({"acct-101", -300}); // OK: disconnect() emptied the optional, post() reopens
  Writer.healthCheck();

  Writer.rotateCredentials(fetchDsnFromVault(argc > 1 ? argv[1] : ""));
  Writer.post({"acct-102", 9900}); // BUG: use-after-close #rotate
  Writer.disconnect();
  return 0;
}
