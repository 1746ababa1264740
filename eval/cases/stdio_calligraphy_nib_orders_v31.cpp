// Calligraphy supply shop: the order desk appends each order of nibs and ink
// to the day book (an stdio file rolled at midnight) and prints a packing
// slip per order from a temporary file. writeSlip() closes the slip when a
// write fails and reports it; the midnight job rolls the day book.
#include <cstdio>
#include <string>
#include <vector>

namespace nibshop {

struct Order {
  std::string customer;
  std::vector<std::string> nibs;
  int inkBottles = 0;
};

void printSlip(std::FILE *slip);

class DayBook {
public:
  ~DayBook() { close(); }

  void roll(const char *path) {
    if (day_)
      std::fclose(day_);
    day_ = std::fopen(path, "a");
  }
  void record(const Order &o) {
    if (!day_)
      return;
    std::fprintf(day_, "%s,%zu,%d\n", o.customer.c_str(), o.nibs.size(), o.inkBottles); // OK
  }
  void close() {
    if (day_) {
      std::fclose(day_); // OK: the pointer is nulled right after
      day_ = nullptr;
    }
  }
  std::FILE *file() const { return day_; }

private:
  std::FILE *day_ = nullptr;
};

bool writeSlip(std::FILE *slip, const Order &o) {
  if (std::fprintf(slip, "Customer: %s\n", o.customer.c_str()) < 0) {
    std::fclose(slip);
    return false;
  }
  for (const std::string &nib : o.nibs)
    std::fprintf(slip, "  nib: %s\n", nib.c_str());
  return true;
}

void packOrder(DayBook &book, const Order &o) {
  std::FILE *slip = std::tmpfile();
  if (!slip)
    return;
  if (!writeSlip(slip, o))
    return;
  std::fprintf(slip, "  ink: %d bottles\n", o.inkBottles); // OK: writeSlip closed it only on the failure it reported
  std::rewind(slip);
  printSlip(slip);
  std::fclose(slip);
  book.record(o);
}

void midnight(DayBook &book, const char *tomorrow) {
  std::FILE *yesterday = book.file();
  book.roll(tomorrow);
  std::fflush(yesterday); // BUG: use-after-close
}

void shopShut(DayBook &book) {
  book.close();
  book.close(); // OK
}

} // namespace nibshop
