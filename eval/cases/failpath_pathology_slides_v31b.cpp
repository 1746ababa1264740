// Pathology lab: a whole-slide scanner session digitises biopsy slides.
// Its helpers close the session only when something goes wrong: a lost focus
// closes it and returns FocusLost, an unlabelled slide closes it and throws,
// a jammed tray closes it and calls a [[noreturn]] fatal handler. The routine
// case workflow checks every result; the frozen-section rush path ignores
// the status of the focus helper.
#include <stdexcept>
#include <string>
#include <vector>

namespace pathology {

enum class ScanStatus { Ok, FocusLost };

class SlideScanner {
public:
  bool focus() {
    requireOpen();
    return focusScore_ > 0.6;
  }
  bool trayPresent(const std::string &tray) {
    requireOpen();
    return !tray.empty();
  }
  void scan(const std::string &region) {
    requireOpen();
    regions_.push_back(region);
  }
  void close() { open_ = false; }

private:
  void requireOpen() const {
    if (!open_)
      throw std::runtime_error("scanner session closed");
  }
  std::vector<std::string> regions_;
  double focusScore_ = 0.9;
  bool open_ = true;
};

[[noreturn]] void fatalTrayJam(const std::string &tray);

ScanStatus scanSlide(SlideScanner &scanner, const std::string &slide) {
  if (!scanner.focus()) {
    scanner.close();
    return ScanStatus::FocusLost;
  }
  scanner.scan(slide);
  return ScanStatus::Ok;
}

void loadTray(SlideScanner &scanner, const std::string &tray) {
  if (!scanner.trayPresent(tray)) {
    scanner.close();
    fatalTrayJam(tray);
  }
}

void requireLabel(SlideScanner &scanner, const std::string &slide) {
  if (slide.empty()) {
    scanner.close();
    throw std::invalid_argument("unlabelled slide in tray");
  }
}

void routineCase(SlideScanner &scanner, const std::string &tray, const std::vector<std::string> &slides) {
  loadTray(scanner, tray);
  scanner.scan(tray + "-barcode"); // OK: closed only before the noreturn call
  for (const std::string &slide : slides) {
    requireLabel(scanner, slide);
    bool ok = scanSlide(scanner, slide) == ScanStatus::Ok;
    if (!ok)
      return;
    scanner.scan(slide + "-overview"); // OK: status checked
  }
  scanner.close();
}

void frozenSection(SlideScanner &scanner, const std::string &slide) {
  requireLabel(scanner, slide);
  scanner.scan(slide + "-label"); // OK: closed only on the throwing path
  scanSlide(scanner, slide);
  scanner.scan(slide + "-margin"); // BUG: use-after-close
  scanner.close(); // OK: a closed session throws on the line above
}

} // namespace pathology
