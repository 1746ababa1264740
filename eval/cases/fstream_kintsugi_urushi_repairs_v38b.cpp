// Repair book for a kintsugi studio: every mended bowl gets its urushi
// lacquer coats and gold-dust step recorded, and the curing cabinet's
// humidity log is appended at each coat. The code is correct: RepairBook
// checks is_open() before each write and reopens the book when a new month
// starts; the humidity log is a scoped stream that is closed only by its
// destructor; the price list is closed and then opened again on the next
// file before it is read; and the export stops on the first failed write.
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

struct Coat {
  int layer;
  std::string kind;   // "ki-urushi", "sabi", "nuri", "fun"
  double humidity;
};

class RepairBook {
 public:
  explicit RepairBook(std::string dir) : dir_(std::move(dir)) {}

  bool start_month(const std::string& month) {
    if (book_.is_open()) book_.close();
    book_.open(dir_ + "/repairs-" + month + ".txt", std::ios::app);
    month_ = month;
    return book_.is_open();
  }

  bool note(const std::string& piece, const Coat& c) {
    if (!book_.is_open()) return false;
    book_ << month_ << ' ' << piece << " layer " << c.layer << ' ' << c.kind << '\n';  // OK: guarded by is_open()
    return static_cast<bool>(book_);
  }

  void close() {
    if (book_.is_open()) book_.close();
  }

  bool is_open() const { return book_.is_open(); }

 private:
  std::string dir_;
  std::string month_;
  std::ofstream book_;
};

static void log_humidity(const std::string& path, const Coat& c) {
  std::ofstream hum(path, std::ios::app);
  if (!hum) return;
  hum << "layer " << c.layer << " rh " << c.humidity << '\n';
}

std::map<std::string, double> load_prices(const std::string& base, const std::string& extra) {
  std::map<std::string, double> prices;
  std::ifstream in(base);
  std::string name;
  double p;
  while (in >> name >> p) prices[name] = p;
  in.close();
  in.clear();
  in.open(extra);
  if (!in) return prices;
  while (in >> name >> p) prices[name] = p;  // OK: reopened on the extra list
  return prices;
}

bool export_invoice(const std::string& path, const std::vector<std::string>& lines) {
  std::ofstream out(path);
  if (!out.is_open()) return false;
  for (const auto& l : lines) {
    if (!(out << l << '\n')) {
      out.close();
      return false;
    }
  }
  out << "-- end --\n";  // OK: the failing write closed and returned
  out.close();
  return true;
}

void mend_bowl(RepairBook& book, const std::string& piece, const std::vector<Coat>& coats) {
  if (!book.start_month("2024-11")) return;
  for (const auto& c : coats) {
    if (!book.note(piece, c)) break;
    log_humidity("/var/kintsugi/cabinet.rh", c);
  }
  book.close();
  book.note(piece, Coat{99, "fun", 0.0});  // OK: a closed book refuses the note
  if (book.start_month("2024-12")) {
    book.note(piece, Coat{0, "inspection", 0.0});  // OK: reopened for the new month
  }
  book.close();
  book.close();  // OK: close() checks is_open() first
  std::ostringstream inv;
  inv << piece << " gold seam " << coats.size() << " coats";
  export_invoice("/var/kintsugi/invoice-" + piece + ".txt", {inv.str()});
}
