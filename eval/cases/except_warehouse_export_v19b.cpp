// Nightly warehouse export: streams rows to the loader over an ExportChannel
// and closes it inside the try, with a catch that closes it on the error path.
// exportOrders() closes as the last statement of its try, so its catch runs
// only while the channel is still open; exportRefunds() closes in the catch
// and rethrows. exportInvoices() records an audit entry after the close; when
// the audit log is full that record throws and the catch closes the channel
// a second time. exportPayments() closes explicitly at the end of a scope
// whose ChannelCloser guard closes the channel again.
#include <iostream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

struct Row {
  std::string key;
  std::string payload;
};

// ExportChannel: send() throws std::length_error for a frame above the
// loader's limit and std::runtime_error once the channel is closed. close()
// does not throw on an open channel; closing it twice throws std::logic_error.
class ExportChannel {
public:
  explicit ExportChannel(std::string loader) : loader_(std::move(loader)) {}
  void send(const Row &row) {
    if (closed_)
      throw std::runtime_error("export channel to " + loader_ + " is closed");
    if (row.payload.size() > kMaxFrame)
      throw std::length_error("row " + row.key + " exceeds frame limit");
    ++frames_;
  }
  void close() {
    if (closed_)
      throw std::logic_error("export channel closed twice");
    closed_ = true;
  }

private:
  static constexpr std::size_t kMaxFrame = 1 << 20;
  std::string loader_;
  bool closed_ = false;
  std::size_t frames_ = 0;
};

// AuditLog: record() throws std::runtime_error when the log is full.
class AuditLog {
public:
  explicit AuditLog(std::size_t capacity) : capacity_(capacity) {}
  void record(std::string entry) {
    if (entries_.size() >= capacity_)
      throw std::runtime_error("audit log full");
    entries_.push_back(std::move(entry));
  }

private:
  std::size_t capacity_;
  std::vector<std::string> entries_;
};

bool exportOrders(ExportChannel &ch, const std::vector<Row> &rows) {
  try {
    for (const Row &r : rows)
      ch.send(r);
    ch.close();
  } catch (const std::exception &e) {
    std::cerr << "export: orders failed: " << e.what() << '\n';
    ch.close(); // OK: close() is the try's last statement, so it has not run
    return false;
  }
  return true;
}

bool exportInvoices(ExportChannel &ch, const std::vector<Row> &rows, AuditLog &audit) {
  try {
    for (const Row &r : rows)
      ch.send(r);
    ch.close();
    audit.record("invoices exported: " + std::to_string(rows.size()));
  } catch (const std::exception &e) {
    std::cerr << "export: invoices failed: " << e.what() << '\n';
    ch.close(); // BUG: double-close
    return false;
  }
  return true;
}

void exportRefunds(ExportChannel &ch, const std::vector<Row> &rows) {
  try {
    for (const Row &r : rows)
      ch.send(r);
  } catch (const std::length_error &e) {
    std::cerr << "export: refund row too large: " << e.what() << '\n';
    ch.close();
    throw;
  }
  ch.close(); // OK: the catch rethrows, so this runs only if it did not close
}

// Scope guard: closes the channel when the export scope is left, including
// by an exception.
struct ChannelCloser {
  ExportChannel &ch;
  ~ChannelCloser() { ch.close(); } // SAME: closer
};

void exportPayments(ExportChannel &ch, const std::vector<Row> &rows) {
  ChannelCloser closer{ch};
  for (const Row &r : rows)
    ch.send(r);
  ch.close();
} // BUG: double-close #closer

// The audit log is shared by every job of the long-running export daemon.
int runNightly(AuditLog &audit, const std::vector<Row> &orders,
               const std::vector<Row> &invoices, const std::vector<Row> &refunds) {
  ExportChannel orderCh("loader-1:5433"), invoiceCh("loader-1:5433"),
      refundCh("loader-2:5433");
  int failures = 0;
  failures += exportOrders(orderCh, orders) ? 0 : 1;
  failures += exportInvoices(invoiceCh, invoices, audit) ? 0 : 1;
  try {
    exportRefunds(refundCh, refunds);
  } catch (const std::exception &) {
    ++failures;
  }
  return failures;
}
