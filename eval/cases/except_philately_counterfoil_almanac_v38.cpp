// A philatelic dealer exports sold-stamp counterfoils into a yearly almanac file. The
// AlmanacWriter's close() marks the writer closed and then reports a failed flush by
// throwing, so a handler that catches around a try ending in close() may run with the
// writer closed or open. export_year appends an "aborted" note in such a handler without
// checking; export_quarter closes the writer in its handler through a noexcept helper and
// then falls through to append the trailer. The other exports check is_open(), rethrow, or
// return before touching the writer again.
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

class AlmanacWriter {
 public:
  explicit AlmanacWriter(const char* path) : fp_(std::fopen(path, "a")) {
    if (!fp_) throw std::runtime_error("cannot open almanac");
  }
  ~AlmanacWriter() {
    if (fp_) std::fclose(fp_);
  }
  void append(const std::string& line) {
    if (!fp_) throw std::runtime_error("almanac writer closed");
    if (std::fprintf(fp_, "%s\n", line.c_str()) < 0) throw std::runtime_error("almanac write failed");
  }
  // The file is closed even when the final flush fails; the failure is then reported.
  void close() {
    if (!fp_) throw std::runtime_error("almanac writer already closed");
    std::FILE* f = fp_;
    fp_ = nullptr;
    if (std::fclose(f) != 0) throw std::runtime_error("almanac flush failed");
  }
  bool is_open() const { return fp_ != nullptr; }

 private:
  std::FILE* fp_;
};

struct Counterfoil {
  std::string catalogue_no;
  double price = 0.0;
};

static void close_quietly(AlmanacWriter& w) noexcept {
  try {
    if (w.is_open()) w.close();
  } catch (...) {
  }
}

void export_year(AlmanacWriter& w, const std::vector<Counterfoil>& sold) {
  try {
    for (const auto& c : sold) w.append(c.catalogue_no + " " + std::to_string(c.price));  // OK
    w.close();
  } catch (const std::exception& e) {
    w.append(std::string("# export aborted: ") + e.what());  // BUG: use-after-close
  }
}

void export_year_checked(AlmanacWriter& w, const std::vector<Counterfoil>& sold) {
  try {
    for (const auto& c : sold) w.append(c.catalogue_no);  // OK
    w.close();
  } catch (const std::exception& e) {
    if (w.is_open()) w.append(std::string("# export aborted: ") + e.what());  // OK: checked is_open()
  }
}

void export_quarter(AlmanacWriter& w, const std::vector<Counterfoil>& sold) {
  try {
    for (const auto& c : sold) w.append(c.catalogue_no);  // OK
  } catch (const std::exception&) {
    close_quietly(w);
  }
  w.append("# end of quarter");  // BUG: use-after-close
}

void export_month(AlmanacWriter& w, const std::vector<Counterfoil>& sold) {
  try {
    for (const auto& c : sold) w.append(c.catalogue_no);  // OK
  } catch (...) {
    close_quietly(w);
    throw;
  }
  w.append("# end of month");  // OK: the handler rethrows, so w is open here
  w.close();
}

bool export_auction_lot(AlmanacWriter& w, const Counterfoil& lot) {
  try {
    w.append("LOT " + lot.catalogue_no);  // OK
  } catch (const std::exception&) {
    close_quietly(w);
    return false;
  }
  w.append("hammer " + std::to_string(lot.price));  // OK: the handler returned
  return true;
}

void export_errata(AlmanacWriter& w, const std::vector<std::string>& errata) {
  try {
    for (const auto& e : errata) w.append("ERRATUM " + e);  // OK
    w.close();
  } catch (const std::runtime_error&) {
    close_quietly(w);  // OK: close_quietly checks is_open(), never a second close
    return;
  }
}
