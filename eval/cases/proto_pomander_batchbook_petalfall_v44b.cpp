// Pomade batch book of an enfleurage workshop: a small journal file (one
// FILE*) with a transaction protocol. begin()/record()/commit()/abort() work on
// the open book and throw std::runtime_error("batch book is closed ...") after
// close(); close() is a no-op on a closed book, and reset() reopens the book on
// a (possibly new) path. inBatch() and isOpen() are plain queries.
// Bugs: closeDay() lays the straggler chassis on a book that was reset only on
// the rollover path, and sealRoom() aborts the open batch after closing the
// book instead of before.
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

namespace enfleurage {

class BatchBook {
public:
  explicit BatchBook(std::string path) : path_(std::move(path)) { open(); }
  ~BatchBook() { close(); } // OK: close() does nothing on a closed book
  BatchBook(const BatchBook &) = delete;
  BatchBook &operator=(const BatchBook &) = delete;

  void begin(const std::string &chassisId) {
    requireOpen("begin");
    if (inBatch_)
      throw std::logic_error("batch already open for " + current_);
    std::fprintf(file_, "BEGIN %s\n", chassisId.c_str());
    current_ = chassisId;
    inBatch_ = true;
  }
  void record(const std::string &flower, double grams) {
    requireOpen("record");
    std::fprintf(file_, "  %s %.1f g\n", flower.c_str(), grams);
  }
  void commit() {
    requireOpen("commit");
    std::fprintf(file_, "COMMIT %s\n", current_.c_str());
    if (std::fflush(file_) != 0)
      throw std::runtime_error("batch book write failed for " + current_);
    inBatch_ = false;
  }
  void abort() {
    requireOpen("abort");
    std::fprintf(file_, "ABORT %s\n", current_.c_str());
    inBatch_ = false;
  }
  void close() {
    if (file_ == nullptr)
      return;
    std::fclose(file_);
    file_ = nullptr;
  }
  void reset(const std::string &path) {
    close();
    path_ = path;
    inBatch_ = false;
    open();
  }
  bool isOpen() const { return file_ != nullptr; }
  bool inBatch() const { return inBatch_; }

private:
  void open() {
    file_ = std::fopen(path_.c_str(), "a");
    if (file_ == nullptr)
      throw std::runtime_error("cannot open batch book " + path_);
  }
  void requireOpen(const char *op) const {
    if (file_ == nullptr)
      throw std::runtime_error(std::string("batch book is closed, cannot ") + op);
  }

  std::string path_;
  FILE *file_ = nullptr;
  std::string current_;
  bool inBatch_ = false;
};

struct Chassis {
  std::string id;
  std::vector<std::pair<std::string, double>> charges;
};

void layChassis(BatchBook &book, const Chassis &chassis) {
  book.begin(chassis.id); // SAME: straggler
  try {
    for (const auto &charge : chassis.charges)
      book.record(charge.first, charge.second);
    book.commit();
  } catch (...) {
    if (book.isOpen())
      book.abort(); // OK: isOpen() checked
    throw;
  }
}

void closeDay(BatchBook &book, const std::vector<Chassis> &stragglers,
              bool rollover, const std::string &nextPath) {
  book.close();
  if (rollover)
    book.reset(nextPath);
  for (const Chassis &chassis : stragglers)
    layChassis(book, chassis); // BUG: use-after-close #straggler
}

void restartAfterPowerCut(BatchBook &book, const std::string &path,
                          const Chassis &interrupted) {
  book.close();
  book.reset(path);
  layChassis(book, interrupted); // OK: reset() reopened the book
}

void sealRoom(BatchBook &book) {
  book.close();
  if (book.inBatch())
    book.abort(); // BUG: use-after-close
}

} // namespace enfleurage
