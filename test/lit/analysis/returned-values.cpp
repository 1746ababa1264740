// A helper that closes only on the path returning one value says so, also
// when that path returns a variable whose value the branch tested (`if (s
// == Status::Failed) { db.close(); return s; }`) or the result of a close
// that reports not having closed (`r = s.close(); ... return r;` where a
// non-zero result left it open). A caller that tests the result and
// reopens, or retries, on that value is not after the close; one that goes
// on regardless is.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <stdexcept>
#include <string>

enum class Status { Ok, Closed, Failed };
enum class CloseResult { Done, Again };

class Db {
public:
  Status query(const std::string &Sql) {
    if (!Open)
      throw std::logic_error("query on closed connection");
    return Sql.empty() ? Status::Failed : Status::Ok;
  }
  void close() { Open = false; }
  void reconnect() { Open = true; }

private:
  bool Open = true;
};

class Tls {
public:
  CloseResult close() {
    if (Closed)
      throw std::logic_error("close: already closed");
    if (Pending)
      return CloseResult::Again;
    Closed = true;
    return CloseResult::Done;
  }
  void write(const std::string &) {
    if (Closed)
      throw std::logic_error("write after close");
  }

private:
  bool Closed = false;
  bool Pending = false;
};

Status load(Db &D) {
  Status S = D.query("SELECT 1");
  if (S == Status::Failed) {
    D.close();
    return S;
  }
  return D.query("SELECT 2");
}

CloseResult shutdownTls(Tls &T) {
  CloseResult R = T.close();
  for (int I = 0; R == CloseResult::Again && I < 5; ++I)
    R = T.close();
  return R;
}

void reconnects(Db &D) {
  if (load(D) != Status::Ok)
    D.reconnect();
  D.query("SELECT 3");
}

void carriesOn(Db &D) {
  load(D);
  // CHECK: returned-values.cpp:[[@LINE+1]]:5: warning: call to 'query' on 'D' that may have been closed
  D.query("SELECT 4");
}

void retries(Tls &T) {
  CloseResult R = shutdownTls(T);
  if (R == CloseResult::Again)
    T.close();
}

void writesAfter(Tls &T) {
  if (shutdownTls(T) == CloseResult::Done)
    // CHECK: returned-values.cpp:[[@LINE+1]]:7: warning: call to 'write' on 'T' after it was closed
    T.write("late");
}
