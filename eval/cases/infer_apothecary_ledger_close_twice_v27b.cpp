// Dispensing counter of an apothecary. Each fill is entered in the poisons
// register (PoisonsRegister: close() seals the register and throws if it is
// already sealed) and a label is printed (LabelPrinter: close() releases the
// printer and is a no-op when it is already released). A fill over its legal
// limit stops the batch and closes both on the spot; the batch's end closes
// both as well.
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

struct Fill {
  std::string patient;
  std::string preparation;
  int quantityMg = 0;
  int limitMg = 0;
};

class PoisonsRegister {
public:
  explicit PoisonsRegister(std::string book) : book_(std::move(book)) {}

  void enter(const Fill &f) {
    if (sealed_)
      throw std::runtime_error("poisons register " + book_ + " is sealed");
    lines_.push_back(f.patient + " " + f.preparation + " " +
                     std::to_string(f.quantityMg) + "mg");
  }

  void close() {
    if (sealed_)
      throw std::logic_error("poisons register " + book_ + " already sealed");
    std::printf("register %s: %zu entries sealed\n", book_.c_str(), lines_.size());
    sealed_ = true;
  }

  bool isSealed() const { return sealed_; }

private:
  std::string book_;
  std::vector<std::string> lines_;
  bool sealed_ = false;
};

class LabelPrinter {
public:
  void print(const Fill &f) {
    if (released_)
      throw std::runtime_error("label printer released");
    std::printf("[label] %s - %s\n", f.patient.c_str(), f.preparation.c_str());
    ++printed_;
  }

  void close() {
    if (released_)
      return;
    std::printf("label printer released after %d labels\n", printed_);
    released_ = true;
  }

private:
  int printed_ = 0;
  bool released_ = false;
};

int fillBatch(PoisonsRegister &reg, LabelPrinter &printer,
              const std::vector<Fill> &fills) {
  int done = 0;
  for (const Fill &f : fills) {
    if (f.quantityMg > f.limitMg) {
      std::fprintf(stderr, "fill for %s over limit, batch stopped\n",
                   f.patient.c_str());
      reg.close();
      printer.close();
      break;
    }
    reg.enter(f);
    printer.print(f);
    ++done;
  }
  printer.close(); // OK
  reg.close(); // BUG: double-close
  return done;
}

int fillBatchChecked(PoisonsRegister &reg, LabelPrinter &printer,
                     const std::vector<Fill> &fills) {
  int done = 0;
  for (const Fill &f : fills) {
    if (f.quantityMg > f.limitMg) {
      reg.close();
      printer.close();
      break;
    }
    reg.enter(f);
    printer.print(f);
    ++done;
  }
  printer.close(); // OK
  if (!reg.isSealed())
    reg.close(); // OK
  return done;
}

void endOfDay(PoisonsRegister &reg, LabelPrinter &printer) {
  printer.close();
  printer.close(); // OK
  const bool alreadySealed = reg.isSealed();
  if (alreadySealed)
    return;
  reg.close(); // OK
}
