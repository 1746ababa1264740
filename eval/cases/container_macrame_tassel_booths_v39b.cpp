// A craft fair rents macrame and tassel-making booths; each booth has a
// thermal label printer on a serial line for price tags. The organiser keeps
// the printers in a std::vector indexed by booth number. Bugs: close_all() runs
// before the "fair closing" tag is printed on booth 0, and the reference taken
// to the front booth is used after the helper closed every printer. Distinct
// booths, reopened printers and the erase-after-close sweep are correct.
#include <algorithm>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <utility>
#include <vector>

class TagPrinter {
 public:
  explicit TagPrinter(int fd) : fd_(fd) {}
  TagPrinter(TagPrinter&& o) noexcept : fd_(std::exchange(o.fd_, -1)) {}
  TagPrinter& operator=(TagPrinter&& o) noexcept {
    if (this != &o) {
      shutdown();
      fd_ = std::exchange(o.fd_, -1);
    }
    return *this;
  }
  ~TagPrinter() { shutdown(); }

  void print(const std::string& tag) {
    if (fd_ < 0) throw std::runtime_error("tag printer shut down");
    ::write(fd_, tag.data(), tag.size());
    ::write(fd_, "\f", 1);
  }
  void shutdown() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }
  void reopen(int fd) {
    shutdown();
    fd_ = fd;
  }
  bool good() const { return fd_ >= 0; }

 private:
  int fd_;
};

static void close_all(std::vector<TagPrinter>& booths) {
  for (TagPrinter& p : booths) p.shutdown();
}

void price_round(std::vector<TagPrinter>& booths, int cents) {
  char tag[32];
  std::snprintf(tag, sizeof tag, "TASSEL %d.%02d", cents / 100, cents % 100);
  for (TagPrinter& p : booths) p.print(tag);
}

void fair_closing(std::vector<TagPrinter>& booths) {
  if (booths.empty()) return;
  close_all(booths);
  booths[0].print("FAIR CLOSED - THANK YOU");  // BUG: use-after-close
}

void fair_closing_in_order(std::vector<TagPrinter>& booths) {
  if (booths.empty()) return;
  booths[0].print("FAIR CLOSED - THANK YOU");  // OK: printed before close_all()
  close_all(booths);
  close_all(booths);  // OK: shutdown() is idempotent (fd_ reset to -1)
}

void last_tag(std::vector<TagPrinter>& booths) {
  if (booths.empty()) return;
  TagPrinter& front = booths.front();
  front.print("LAST ORDERS");  // OK: nothing closed yet
  close_all(booths);
  front.print("SOLD OUT");  // BUG: use-after-close
}

void swap_paper(std::vector<TagPrinter>& booths, std::size_t i, int fresh_fd) {
  if (i >= booths.size()) return;
  booths[i].shutdown();
  booths[i].reopen(fresh_fd);
  booths[i].print("TEST TAG");  // OK: reopened on the fresh descriptor
}

void neighbour_covers(std::vector<TagPrinter>& booths) {
  if (booths.size() < 2) return;
  booths[0].shutdown();
  booths[1].print("BOOTH 1 COVERS BOOTH 0");  // OK: a different booth
}

void sweep_closed(std::vector<TagPrinter>& booths, const std::vector<bool>& leaving) {
  for (std::size_t i = 0; i < booths.size() && i < leaving.size(); ++i)
    if (leaving[i]) booths[i].shutdown();
  booths.erase(std::remove_if(booths.begin(), booths.end(), [](const TagPrinter& p) { return !p.good(); }), booths.end());
  for (TagPrinter& p : booths) p.print("FLOOR PLAN UPDATED");  // OK: closed printers were erased
}
