// Scrimshaw studio: exports the catalogue of engraved pieces (tagua nut and resin
// blanks) to a printable text file and a CSV for the online shop, and hands the CSV to
// the uploader which owns it from then on. Correct: each file has exactly one owner
// that closes it - release() is called before the one manual fclose, reset() replaces
// a handle with a freshly opened one, the uploader's destructor writes to its journal
// member while that member is still alive (members are destroyed after the destructor
// body), and the caller never touches a handle it has moved into the uploader.
#include <cstdio>
#include <memory>
#include <string>
#include <utility>
#include <vector>

struct Piece {
  std::string sku;
  std::string motif;
  std::string blank;
  int price_pence = 0;
};

struct FileCloser {
  void operator()(FILE *f) const {
    if (f)
      std::fclose(f);
  }
};
using File = std::unique_ptr<FILE, FileCloser>;

class Journal {
public:
  explicit Journal(const char *path) : fp_(std::fopen(path, "a")) {}
  void note(const std::string &s) {
    if (fp_)
      std::fprintf(fp_.get(), "%s\n", s.c_str());
  }

private:
  File fp_;
};

class ShopUploader {
public:
  explicit ShopUploader(const char *journal_path) : journal_(journal_path) {}
  ~ShopUploader() {
    if (csv_)
      journal_.note("upload abandoned");
  }
  void take(File csv) {
    csv_ = std::move(csv);
    journal_.note("csv queued");
  }
  bool send() {
    if (!csv_)
      return false;
    std::rewind(csv_.get()); // OK
    long bytes = 0;
    char buf[1024];
    size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, csv_.get())) > 0)
      bytes += static_cast<long>(n);
    csv_.reset();
    journal_.note("uploaded " + std::to_string(bytes) + " bytes"); // OK
    return true;
  }

private:
  Journal journal_;
  File csv_;
};

static File write_shop_csv(const std::vector<Piece> &pieces) {
  File csv(std::tmpfile());
  if (!csv)
    return nullptr;
  std::fputs("sku,motif,blank,price\n", csv.get());
  for (const Piece &p : pieces)
    std::fprintf(csv.get(), "%s,%s,%s,%d.%02d\n", p.sku.c_str(), p.motif.c_str(),
                 p.blank.c_str(), p.price_pence / 100, p.price_pence % 100);
  return csv;
}

static int write_print_catalogue(const char *path, const std::vector<Piece> &pieces) {
  File out(std::fopen(path, "w"));
  if (!out)
    return -1;
  for (const Piece &p : pieces)
    std::fprintf(out.get(), "%-10s %-30s %s\n", p.sku.c_str(), p.motif.c_str(), p.blank.c_str());
  FILE *raw = out.release();
  return std::fclose(raw) == 0 ? 0 : -1; // OK
}

int export_catalogue(const char *print_path, const char *journal_path,
                     const std::vector<Piece> &pieces) {
  if (write_print_catalogue(print_path, pieces) != 0)
    return -1;
  File csv = write_shop_csv(pieces);
  if (!csv)
    return -1;
  ShopUploader uploader(journal_path);
  uploader.take(std::move(csv));
  const bool sent = uploader.send(); // OK
  if (!sent)
    std::fprintf(stderr, "shop csv not uploaded\n");
  return sent ? 0 : -1;
}

int stamp_edition(const char *path, int edition) {
  File f(std::fopen(path, "r+"));
  if (!f)
    return -1;
  std::fseek(f.get(), 0, SEEK_END);
  std::fprintf(f.get(), "edition %d\n", edition);
  f.reset(std::fopen(path, "r"));
  if (!f)
    return -1;
  char first[64] = {};
  std::fgets(first, sizeof first, f.get()); // OK
  return first[0] == '\0' ? -1 : 0;
}
