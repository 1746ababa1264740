// Replating carts in an orchid tissue-culture lab. Protocorms are moved from
// old flasks to fresh medium cart by cart; every growth-room shelf keeps a
// replating log and every cart carries a tag file, each written through its
// own descriptor that the object's destructor closes. Shelves and carts are
// kept in std::vector, which reallocates as entries are added.
#include <cstdio>
#include <fcntl.h>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <utility>
#include <vector>

namespace replate {

class ShelfLog {
public:
  explicit ShelfLog(const std::string &path)
      : fd_(::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644)) {
    if (fd_ < 0)
      throw std::runtime_error("cannot open shelf log " + path);
  }
  ShelfLog(ShelfLog &&other) noexcept : fd_(std::exchange(other.fd_, -1)) {}
  ShelfLog &operator=(ShelfLog &&other) noexcept {
    if (this != &other) {
      reset();
      fd_ = std::exchange(other.fd_, -1);
    }
    return *this;
  }
  ShelfLog(const ShelfLog &) = delete;
  ShelfLog &operator=(const ShelfLog &) = delete;
  ~ShelfLog() { reset(); }

  void note(const std::string &line) {
    if (fd_ < 0)
      throw std::logic_error("shelf log closed");
    std::string out = line + "\n";
    if (::write(fd_, out.data(), out.size()) < 0)
      throw std::runtime_error("shelf log write failed");
  }

private:
  void reset() {
    if (fd_ >= 0)
      ::close(std::exchange(fd_, -1));
  }
  int fd_;
};

// Tag file written onto the cart's RFID label printer spool.
class CartTag {
public:
  explicit CartTag(const std::string &spool)
      : fd_(::open(spool.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644)) {}
  ~CartTag() {
    if (fd_ >= 0)
      ::close(fd_); // BUG: double-close
  }
  void stamp(const std::string &batch) {
    std::string out = "BATCH " + batch + "\n";
    ::write(fd_, out.data(), out.size()); // SAME: stamp
  }

private:
  int fd_;
};

void open_shelves(std::vector<ShelfLog> &shelves, int room, int count) {
  for (int i = 0; i < count; ++i)
    shelves.emplace_back("/srv/growroom" + std::to_string(room) + "/shelf" +
                         std::to_string(i) + ".log");
  for (int i = 0; i < count; ++i)
    shelves[i].note("replating started"); // OK: reallocation moved the logs, none closed
}

void tag_carts(const std::vector<std::string> &batches) {
  std::vector<CartTag> tags;
  for (const std::string &b : batches)
    tags.emplace_back("/var/spool/carttags/" + b + ".tag");
  for (std::size_t i = 0; i < tags.size(); ++i)
    tags[i].stamp(batches[i]); // BUG: use-after-close #stamp
}

void tag_carts_reserved(const std::vector<std::string> &batches) {
  std::vector<CartTag> tags;
  tags.reserve(batches.size());
  for (const std::string &b : batches)
    tags.emplace_back("/var/spool/carttags/" + b + ".tag");
  for (std::size_t i = 0; i < tags.size(); ++i)
    tags[i].stamp(batches[i]); // OK: reserve() rules out reallocation
}

void move_shelf(std::vector<ShelfLog> &from, std::vector<ShelfLog> &to, std::size_t idx) {
  to.push_back(std::move(from[idx]));
  from.erase(from.begin() + static_cast<std::ptrdiff_t>(idx));
  to.back().note("moved from growth room"); // OK: the descriptor travelled with the move
}

} // namespace replate
