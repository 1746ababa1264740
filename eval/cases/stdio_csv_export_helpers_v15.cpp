// CSV exports for the billing service. openCsv() returns a stream with the
// header written, or closes the stream itself and returns nullptr;
// finishCsv() takes ownership, writes the footer and closes the stream, and
// callers never touch the pointer afterwards. CsvWriter's close() resets fp_,
// so its destructor's `if (fp_) fclose(fp_)` never closes a stream twice.
// splitByMonth() closes the previous month's file before opening the next.
// Correct throughout: every stream is closed exactly once and never used
// after its close.
#include <cstdio>
#include <string>
#include <vector>

struct Invoice {
  long id;
  std::string customer;
  long cents;
  int month;
};

static FILE *openCsv(const std::string &path, const char *header) {
  FILE *fp = std::fopen(path.c_str(), "w");
  if (fp == nullptr)
    return nullptr;
  if (std::fputs(header, fp) < 0) {
    std::fclose(fp);
    return nullptr;
  }
  return fp;
}

static bool finishCsv(FILE *fp, std::size_t rows) {
  std::fprintf(fp, "# rows=%zu\n", rows);
  bool flushed = std::fflush(fp) == 0;
  return std::fclose(fp) == 0 && flushed;
}

bool exportInvoices(const std::vector<Invoice> &invoices, const std::string &path) {
  FILE *fp = openCsv(path, "id,customer,cents\n");
  if (fp == nullptr)
    return false;
  for (const Invoice &inv : invoices)
    std::fprintf(fp, "%ld,%s,%ld\n", inv.id, inv.customer.c_str(), inv.cents); // OK: openCsv() only closes on failure, when it returns nullptr
  return finishCsv(fp, invoices.size());
}

class CsvWriter {
public:
  explicit CsvWriter(const std::string &path) : fp_(std::fopen(path.c_str(), "w")) {}
  ~CsvWriter() {
    if (fp_)
      std::fclose(fp_);
  }
  CsvWriter(const CsvWriter &) = delete;
  CsvWriter &operator=(const CsvWriter &) = delete;

  bool isOpen() const { return fp_ != nullptr; }
  bool row(const std::vector<std::string> &cells);
  bool close();

private:
  FILE *fp_;
};

bool CsvWriter::row(const std::vector<std::string> &cells) {
  if (!fp_)
    return false;
  for (std::size_t i = 0; i < cells.size(); ++i) {
    if (i > 0)
      std::fputc(',', fp_);
    std::fputs(cells[i].c_str(), fp_);
  }
  return std::fputc('\n', fp_) != EOF;
}

bool CsvWriter::close() {
  if (!fp_)
    return false;
  int rc = std::fclose(fp_);
  fp_ = nullptr;
  return rc == 0;
}

bool exportLedger(const std::vector<std::vector<std::string>> &rows,
                  const std::string &path) {
  CsvWriter writer(path);
  if (!writer.isOpen())
    return false;
  for (const std::vector<std::string> &r : rows) {
    if (!writer.row(r)) {
      writer.close();
      std::remove(path.c_str());
      return false;
    }
  }
  return writer.close();
} // OK: close() reset fp_, the destructor skips it

bool splitByMonth(const std::vector<Invoice> &invoices, const std::string &dir) {
  FILE *out = nullptr;
  int month = -1;
  for (const Invoice &inv : invoices) {
    if (inv.month != month) {
      if (out != nullptr && std::fclose(out) != 0)
        return false;
      out = std::fopen((dir + "/invoices-" + std::to_string(inv.month) + ".csv").c_str(), "w");
      if (out == nullptr)
        return false;
      month = inv.month;
    }
    std::fprintf(out, "%ld,%ld\n", inv.id, inv.cents); // OK: out was reopened after the close above
  }
  return out == nullptr || std::fclose(out) == 0;
}
