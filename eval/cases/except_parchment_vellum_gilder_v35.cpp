// Manuscript gilding studio: each step on a vellum folio is written to a LeafJournal
// (a FILE* wrapper). close() fcloses and then throws if the flush failed, so a
// handler around a try that ends in close() may run with the journal already closed;
// close_quietly() is noexcept and idempotent. burnish() closes the journal in its
// handler and rethrows, so gild_page()'s handler writes to a closed journal, and
// finish_folio()'s handler closes a journal that close() may already have closed.
// seal_book() ends its try with the noexcept close, so its handler runs only when the
// journal is still open.
#include <cstdio>
#include <stdexcept>
#include <string>

class LeafJournal {
 public:
  explicit LeafJournal(const char* path) : f_(std::fopen(path, "w")) {
    if (!f_) throw std::runtime_error("cannot open gilding journal");
  }
  ~LeafJournal() { close_quietly(); }
  LeafJournal(const LeafJournal&) = delete;
  LeafJournal& operator=(const LeafJournal&) = delete;

  void entry(const std::string& s) {
    if (!f_) throw std::runtime_error("gilding journal closed");
    if (std::fputs(s.c_str(), f_) < 0) throw std::runtime_error("gilding journal write failed");
  }

  void close() {
    if (!f_) throw std::logic_error("gilding journal closed twice");
    int rc = std::fclose(f_);
    f_ = nullptr;
    if (rc != 0) throw std::runtime_error("gilding journal flush failed");
  }

  void close_quietly() noexcept {
    if (f_) {
      std::fclose(f_);
      f_ = nullptr;
    }
  }

 private:
  FILE* f_;
};

void lay_leaf(int folio) {
  if (folio % 13 == 0) throw std::runtime_error("bole too dry");
}

void burnish(LeafJournal& j, int folio) {
  try {
    j.entry("burnish folio " + std::to_string(folio) + "\n");
    lay_leaf(folio);
  } catch (...) {
    j.close_quietly();
    throw;
  }
  j.entry("burnished\n");  // OK: the handler rethrows, so this runs only on success
}

void gild_page(LeafJournal& j, int folio) {
  try {
    burnish(j, folio);
  } catch (const std::exception& e) {
    j.entry(std::string("burnish failed: ") + e.what() + "\n");  // BUG: use-after-close
    return;
  }
  j.entry("page done\n");  // OK: burnish returned normally
}

void finish_folio(LeafJournal& j, int folio) {
  try {
    j.entry("varnish folio " + std::to_string(folio) + "\n");
    j.close();
  } catch (const std::runtime_error& e) {
    std::fprintf(stderr, "folio %d: %s\n", folio, e.what());
    j.close();  // BUG: double-close
  }
}

void finish_folio_safely(LeafJournal& j, int folio) {
  try {
    j.entry("varnish folio " + std::to_string(folio) + "\n");
    j.close();
  } catch (const std::runtime_error& e) {
    std::fprintf(stderr, "folio %d: %s\n", folio, e.what());
    j.close_quietly();  // OK: noexcept and idempotent
  }
}

void seal_book(LeafJournal& j) {
  try {
    j.entry("colophon\n");
    j.close_quietly();
  } catch (const std::exception& e) {
    j.entry(std::string("colophon failed: ") + e.what() + "\n");  // OK: the noexcept close is last, so it has not run here
  }
}
