// Audit trail of a storage node. AuditLog writes one line per privileged
// action to an std::ofstream. After logrotate moves the file away, the SIGHUP
// handler calls reopen(), which closes and reopens the file. retire() closes
// the log for good when the node leaves the cluster, and reopen() returns
// early on a retired log (it stays closed). leaveCluster() retires the log,
// then "reopens" it to record the departure: the reopen is a no-op and the
// departure record is written to a closed stream and lost, which an audit
// trail must never do.
#include <cstdio>
#include <fstream>
#include <string>
#include <utility>

// AuditLog: record() writes to the underlying stream; once the log is retired
// the stream is closed and records are lost. reopen() is a no-op after
// retire(). retire() is idempotent.
class AuditLog {
public:
  explicit AuditLog(std::string path) : path_(std::move(path)) {
    out_.open(path_, std::ios::app);
  }

  void record(const std::string &actor, const std::string &action) {
    out_ << ++seq_ << ' ' << actor << ' ' << action << '\n'; // SAME: departure
    out_.flush();
  }

  void reopen() {
    if (retired_)
      return;
    out_.close();
    out_.open(path_, std::ios::app);
  }

  void retire() {
    if (retired_)
      return;
    retired_ = true;
    out_.close();
  }

  bool retired() const { return retired_; }

private:
  std::string path_;
  std::ofstream out_;
  long seq_ = 0;
  bool retired_ = false;
};

class StorageNode {
public:
  explicit StorageNode(const std::string &dataDir) : audit_(dataDir + "/audit.log") {}

  void grantAccess(const std::string &who, const std::string &bucket) {
    audit_.record("admin", "grant " + who + " " + bucket);
  }

  void onSighup() {
    audit_.reopen();
    audit_.record("system", "audit log reopened"); // OK: not retired, reopen() reopened the file
  }

  void leaveCluster() {
    audit_.retire();
    drainReplicas();
    audit_.reopen();
    audit_.record("system", "node left cluster"); // BUG: use-after-close #departure
  }

  void leaveClusterFixed() {
    audit_.record("system", "node leaving cluster");
    audit_.retire();
    drainReplicas();
    audit_.retire(); // OK: retire() is idempotent
  }

private:
  void drainReplicas() { std::printf("draining replicas\n"); }

  AuditLog audit_;
};

// Exports a copy of the trail, reopening the export file for each part.
static void exportParts(const std::string &path, int parts) {
  std::ofstream out(path, std::ios::trunc);
  for (int i = 0; i < parts; ++i) {
    out << "part " << i << '\n';
    out.close();
    out.open(path, std::ios::app);
    out << "-- end of part " << i << '\n'; // OK: reopened right above
  }
}

int main(int argc, char **argv) {
  std::string dir = argc > 1 ? argv[1] : "/tmp";
  StorageNode a(dir + "/node-a");
  a.grantAccess("svc-backup", "cold-archive");
  a.onSighup();
  a.leaveClusterFixed();

  StorageNode b(dir + "/node-b");
  b.grantAccess("svc-etl", "events");
  b.leaveCluster();

  exportParts(dir + "/audit-export.txt", 3);
  return 0;
}
