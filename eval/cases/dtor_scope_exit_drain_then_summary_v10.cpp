// An audit exporter drains the pending rows through an AuditUplink inside an
// inner block whose ScopeExit guard disconnects the uplink when the block ends
// (the block was meant to bound the "drain" phase). After the block the
// exporter writes a summary row on the same uplink, which the guard's
// destructor has already disconnected: write() throws "uplink disconnected".
#include <cstddef>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

template <typename Fn> class ScopeExit {
public:
  explicit ScopeExit(Fn fn) : fn_(std::move(fn)) {}
  ScopeExit(const ScopeExit &) = delete;
  ScopeExit &operator=(const ScopeExit &) = delete;
  ~ScopeExit() {
    if (armed_)
      fn_();
  }
  void dismiss() { armed_ = false; }

private:
  Fn fn_;
  bool armed_ = true;
};

template <typename Fn> ScopeExit<Fn> makeScopeExit(Fn fn) {
  return ScopeExit<Fn>(std::move(fn));
}

class AuditUplink {
public:
  explicit AuditUplink(std::string host) : host_(std::move(host)) {}

  void write(const std::string &row) {
    if (disconnected_)
      throw std::runtime_error("uplink disconnected: " + host_);
    pending_.push_back(row);
  }

  void disconnect() {
    disconnected_ = true;
    pending_.clear();
  }

  bool disconnected() const { return disconnected_; }

private:
  std::string host_;
  std::vector<std::string> pending_;
  bool disconnected_ = false;
};

struct AuditRow {
  std::string actor;
  std::string action;
  long timestamp = 0;
};

class AuditExporter {
public:
  explicit AuditExporter(AuditUplink &uplink) : uplink_(uplink) {}

  std::size_t exportBatch(const std::vector<AuditRow> &rows) {
    std::size_t exported = 0;
    {
      auto hangUp = makeScopeExit([this] { uplink_.disconnect(); });
      for (const AuditRow &row : rows) {
        uplink_.write(format(row)); // OK: the guard disconnects only when the block ends
        ++exported;
      }
      uplink_.write("batch-end"); // OK: still inside the guarded block
    }
    uplink_.write("summary exported=" + std::to_string(exported)); // BUG: use-after-close
    return exported;
  }

private:
  static std::string format(const AuditRow &row) {
    return std::to_string(row.timestamp) + " " + row.actor + " " + row.action;
  }

  AuditUplink &uplink_;
};

std::size_t nightlyAuditExport(const std::vector<AuditRow> &rows) {
  AuditUplink uplink("audit.internal:7400");
  AuditExporter exporter(uplink);
  return exporter.exportBatch(rows);
}
