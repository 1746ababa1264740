// Petroglyph survey rover: scans of rock carvings are uploaded in tiles over
// a ScanUplink. send_tile() throws TransportError on a radio drop-out and
// std::runtime_error on a closed uplink; close() is noexcept. Uploads close
// the uplink as the last statement of a try, close it in handlers, rethrow,
// or use a noexcept close_quietly() helper. Bug: the ridge upload closes the
// uplink in its TransportError handler, swallows the error and then sends the
// "ridge done" marker after the try/catch.
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

struct TransportError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class ScanUplink {
 public:
  explicit ScanUplink(std::string site) : site_(std::move(site)) {}

  void send_tile(const std::string& tile) {
    if (closed_) throw std::runtime_error("scan uplink " + site_ + " closed");
    if (tile.empty()) throw TransportError("radio drop-out at " + site_);
    sent_.push_back(tile);
  }
  void close() noexcept { closed_ = true; }
  bool closed() const noexcept { return closed_; }

 private:
  std::string site_;
  bool closed_ = false;
  std::vector<std::string> sent_;
};

void close_quietly(ScanUplink& up) noexcept { up.close(); }

void note(const std::string&) {}

// close() is noexcept and last in the try, so the handler only runs when a
// send threw before it.
void upload_panel(ScanUplink& up, const std::vector<std::string>& tiles) {
  try {
    for (const auto& t : tiles) up.send_tile(t);
    up.close();
  } catch (const TransportError&) {
    up.send_tile("retry-marker");  // OK: close() did not run when a send threw
    close_quietly(up);
  }
}

// Close in the handler, then rethrow: the code after the try only runs when
// nothing was thrown.
void upload_boulder(ScanUplink& up, const std::vector<std::string>& tiles) {
  try {
    for (const auto& t : tiles) up.send_tile(t);
  } catch (...) {
    up.close();
    throw;
  }
  up.send_tile("boulder-done");  // OK: the handler always rethrows
  up.close();
}

void upload_ridge(ScanUplink& up, const std::vector<std::string>& tiles) {
  try {
    for (const auto& t : tiles) up.send_tile(t);
  } catch (const TransportError& e) {
    note(e.what());
    up.close();
  }
  up.send_tile("ridge-done");  // BUG: use-after-close
  up.close();
}

void upload_overhang(ScanUplink& up, const std::vector<std::string>& tiles) {
  try {
    for (const auto& t : tiles) up.send_tile(t);
  } catch (const TransportError& e) {
    note(e.what());
    close_quietly(up);
  }
  if (!up.closed()) up.send_tile("overhang-done");  // OK: checked after the handler may have closed it
  close_quietly(up);  // OK: close() is noexcept and harmless twice
}

void upload_cave_mouth(ScanUplink& up, const std::vector<std::string>& tiles) {
  bool ok = true;
  try {
    for (const auto& t : tiles) up.send_tile(t);
  } catch (const TransportError&) {
    ok = false;
  }
  if (ok) {
    up.send_tile("cave-done");  // OK: nothing closed it on this path
    up.close();
  } else {
    close_quietly(up);
  }
}
