// Billing export: invoice cycles are rendered into an InvoiceSink (a CSV file
// behind a FILE*). InvoiceSink semantics: write() throws std::logic_error once
// closed; close() releases the FILE* and marks the sink closed, and a second
// close() throws std::logic_error ("invoice sink closed twice"); discard()
// closes if still open and deletes the partial file, and is a no-op on a
// closed sink. The destructor closes only an open sink.
// Defects: exportCycle()'s handler closes again when notifyFinance() throws
// after the close; exportLateFees()'s archive-failure handler writes a note
// into the already closed sink.
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

namespace billing {

struct Invoice {
  std::string id;
  std::string customer;
  long cents = 0;
};

struct ArchiveError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class InvoiceSink {
public:
  explicit InvoiceSink(std::string path) : path_(std::move(path)), fp_(std::fopen(path_.c_str(), "w")) {
    if (!fp_)
      throw std::runtime_error("cannot create " + path_);
  }
  ~InvoiceSink() {
    if (fp_)
      std::fclose(fp_);
  }
  void write(const std::string &row) {
    if (!fp_)
      throw std::logic_error("invoice sink closed: " + path_);
    std::fputs(row.c_str(), fp_);
  }
  void close() {
    if (!fp_)
      throw std::logic_error("invoice sink closed twice: " + path_);
    std::fclose(fp_);
    fp_ = nullptr;
  }
  void discard() {
    if (!fp_)
      return;
    std::fclose(fp_);
    fp_ = nullptr;
    std::remove(path_.c_str());
  }
  bool isClosed() const { return fp_ == nullptr; }
  const std::string &path() const { return path_; }

private:
  std::string path_;
  FILE *fp_;
};

static std::string render(const Invoice &inv) {
  return inv.id + "," + inv.customer + "," + std::to_string(inv.cents) + "\n";
}
static void validate(const Invoice &inv) {
  if (inv.cents < 0)
    throw std::invalid_argument("negative invoice " + inv.id);
}
static void notifyFinance(const std::string &cycle) {
  if (cycle.empty())
    throw std::runtime_error("finance webhook rejected empty cycle");
}
static void archive(const std::string &path) {
  if (path.find("/tmp/") == 0)
    throw ArchiveError("refusing to archive scratch file " + path);
}

void exportCycle(const std::string &cycle, const std::vector<Invoice> &invoices) {
  InvoiceSink sink("/tmp/invoices-" + cycle + ".csv");
  try {
    for (const Invoice &inv : invoices) {
      validate(inv);
      sink.write(render(inv));
    }
    sink.close();
    notifyFinance(cycle);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "cycle %s failed: %s\n", cycle.c_str(), e.what());
    sink.close(); // BUG: double-close
  }
}

// Corrections are all-or-nothing: a bad row discards the whole file.
void exportCorrections(const std::string &cycle, const std::vector<Invoice> &fixes) {
  InvoiceSink sink("/var/billing/corrections-" + cycle + ".csv");
  try {
    for (const Invoice &inv : fixes) {
      validate(inv);
      sink.write(render(inv));
    }
    sink.close();
  } catch (...) {
    sink.discard(); // OK: discard() is a no-op on a sink close() already closed
    throw;
  }
}

void exportLateFees(const std::string &cycle, const std::vector<Invoice> &fees) {
  InvoiceSink sink("/tmp/latefees-" + cycle + ".csv");
  try {
    for (const Invoice &inv : fees)
      sink.write(render(inv));
    sink.close();
    archive(sink.path());
  } catch (const ArchiveError &e) {
    sink.write(std::string("# archive failed: ") + e.what() + "\n"); // BUG: use-after-close
  } catch (const std::runtime_error &e) {
    if (!sink.isClosed())
      sink.write(std::string("# aborted: ") + e.what() + "\n"); // OK: guarded by isClosed()
  }
}

} // namespace billing

int main() {
  std::vector<billing::Invoice> inv{{"INV-1001", "acme", 129900}, {"INV-1002", "globex", 4500}};
  billing::exportCycle("", inv);
  try {
    billing::exportCorrections("2024-03", {{"COR-7", "acme", -100}});
  } catch (const std::exception &e) {
    std::fprintf(stderr, "corrections rejected: %s\n", e.what());
  }
  billing::exportLateFees("2024-03", inv);
  return 0;
}
