// Treatment workbook for tissue mending in a rare-book conservation studio:
// every tear repaired with kozo tissue and wheat-starch paste is appended to
// the volume's workbook (leaf, tear length, tissue weight). A workbook is
// closed when the volume is signed off, which also notifies the curator.
// The class enforces its protocol: append() and close() on a closed workbook
// throw std::logic_error.
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

namespace mending {

struct Repair {
  int leaf = 0;
  double tear_mm = 0.0;
  double tissue_gsm = 0.0;
};

class MendingWorkbook {
public:
  explicit MendingWorkbook(const std::string &path)
      : fp_(std::fopen(path.c_str(), "a")), path_(path) {
    if (!fp_)
      throw std::runtime_error("cannot open workbook " + path);
  }
  ~MendingWorkbook() {
    if (fp_)
      std::fclose(fp_);
  }
  MendingWorkbook(const MendingWorkbook &) = delete;
  MendingWorkbook &operator=(const MendingWorkbook &) = delete;

  void append(const Repair &r) {
    if (!fp_)
      throw std::logic_error("workbook " + path_ + " is closed");
    std::fprintf(fp_, "leaf %d tear %.1fmm tissue %.1fgsm\n", r.leaf, r.tear_mm, r.tissue_gsm);
    ++entries_;
  }
  void close() {
    if (!fp_)
      throw std::logic_error("workbook " + path_ + " already closed");
    std::fclose(fp_);
    fp_ = nullptr;
  }
  bool is_closed() const { return fp_ == nullptr; }
  int entries() const { return entries_; }
  const std::string &path() const { return path_; }

private:
  FILE *fp_;
  std::string path_;
  int entries_ = 0;
};

// Mails the curator; throws when the mail relay rejects the message.
void notify_curator(const std::string &workbook_path, int entries);

static void summarize(MendingWorkbook &wb, const std::vector<Repair> &repairs) {
  double total = 0.0;
  for (const Repair &r : repairs)
    total += r.tear_mm;
  wb.append({0, total, 0.0}); // SAME: summary
}

void sign_off(MendingWorkbook &wb, const std::vector<Repair> &repairs) {
  try {
    for (const Repair &r : repairs)
      wb.append(r);
    wb.close();
    notify_curator(wb.path(), wb.entries());
  } catch (const std::exception &) {
    wb.close(); // BUG: double-close
    throw;
  }
}

void sign_off_checked(MendingWorkbook &wb, const std::vector<Repair> &repairs) {
  try {
    for (const Repair &r : repairs)
      wb.append(r);
    wb.close();
    notify_curator(wb.path(), wb.entries());
  } catch (const std::exception &) {
    if (!wb.is_closed())
      wb.close(); // OK: only when the failure came before the close
    throw;
  }
}

void sign_off_with_summary(MendingWorkbook &wb, const std::vector<Repair> &repairs) {
  for (const Repair &r : repairs)
    wb.append(r);
  wb.close();
  summarize(wb, repairs); // BUG: use-after-close #summary
}

void sign_off_summary_first(MendingWorkbook &wb, const std::vector<Repair> &repairs) {
  for (const Repair &r : repairs)
    wb.append(r);
  summarize(wb, repairs);
  wb.close(); // OK: the summary was appended before the close
  notify_curator(wb.path(), wb.entries()); // OK: path()/entries() are plain getters
}

// A volume whose workbook is replaced mid-treatment (new conservator).
void hand_over(std::vector<MendingWorkbook *> &open_books, MendingWorkbook &next,
               const Repair &first) {
  for (MendingWorkbook *wb : open_books)
    if (!wb->is_closed())
      wb->close(); // OK: each open workbook closed once
  open_books.clear();
  open_books.push_back(&next);
  open_books.back()->append(first); // OK: the new workbook
}

} // namespace mending
