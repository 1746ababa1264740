// Railway station ticket kiosk. The receipt printer lives in a
// std::optional<ThermalPrinter>; a paper jam closes it and a spare printer is
// emplaced only when one is configured, yet onJam() reprints either way. The card
// reader is replaced with make_unique after a fault, and power-save resets the
// optional before anything is printed again.
#include <fcntl.h>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <unistd.h>

class ThermalPrinter {
public:
  explicit ThermalPrinter(const char *device) : fd_(::open(device, O_WRONLY)) {}
  ~ThermalPrinter();
  ThermalPrinter(const ThermalPrinter &) = delete;
  ThermalPrinter &operator=(const ThermalPrinter &) = delete;
  void print(const std::string &text);
  void close();

private:
  int fd_;
};

ThermalPrinter::~ThermalPrinter() {
  if (fd_ >= 0)
    ::close(fd_); // OK: close() sets fd_ to -1, so emplace() over a closed printer closes nothing
}

void ThermalPrinter::print(const std::string &text) {
  if (fd_ < 0)
    throw std::runtime_error("receipt printer closed");
  ::write(fd_, text.data(), text.size());
}

void ThermalPrinter::close() {
  if (fd_ < 0)
    throw std::runtime_error("receipt printer already closed");
  ::close(fd_);
  fd_ = -1;
}

class CardReader {
public:
  explicit CardReader(int slot) : slot_(slot) {}
  bool poll();
  void close() { open_ = false; }

private:
  int slot_;
  bool open_ = true;
};

bool CardReader::poll() {
  if (!open_)
    throw std::runtime_error("card reader in slot " + std::to_string(slot_) + " closed");
  return false;
}

class TicketKiosk {
public:
  explicit TicketKiosk(std::optional<std::string> spare)
      : spare_(std::move(spare)), reader_(std::make_unique<CardReader>(1)) {
    printer_.emplace("/dev/usb/lp0");
  }
  void sell(const std::string &fare);
  void onJam(const std::string &lastTicket);
  void onCardFault();
  void onPowerSave();

private:
  std::optional<std::string> spare_;
  std::optional<ThermalPrinter> printer_;
  std::unique_ptr<CardReader> reader_;
  int slot_ = 1;
};

void TicketKiosk::sell(const std::string &fare) {
  if (!printer_)
    printer_.emplace("/dev/usb/lp0");
  reader_->poll();
  printer_->print("TICKET " + fare + "\n"); // OK: emplaced when the optional was empty
}

void TicketKiosk::onJam(const std::string &lastTicket) {
  printer_->print("\x1b" "J"); // eject what is left
  printer_->close();
  if (spare_)
    printer_.emplace(spare_->c_str());
  printer_->print("REPRINT " + lastTicket + "\n"); // BUG: use-after-close
}

void TicketKiosk::onCardFault() {
  reader_->close();
  reader_ = std::make_unique<CardReader>(++slot_);
  reader_->poll(); // OK: a fresh reader replaced the closed one
}

void TicketKiosk::onPowerSave() {
  if (!printer_)
    return;
  printer_->close();
  printer_.reset();
  if (printer_)
    printer_->print("SLEEP\n"); // OK: the optional was reset after the close
}

int main() {
  TicketKiosk concourse(std::string("/dev/usb/lp1"));
  concourse.sell("PEAK RETURN");
  concourse.onJam("PEAK RETURN");
  concourse.onCardFault();
  concourse.onPowerSave();
  concourse.sell("OFF-PEAK SINGLE");
  TicketKiosk platform(std::nullopt);
  platform.onJam("ANYTIME DAY");
  return 0;
}
