// Analytical chemistry lab: the spectrometer's acquisition software moves
// data through InstrumentPort<Frame>, a small queue template of its own that
// throws once the port is closed. One port carries spectra, another carries
// the operator's free-text run notes. A calibration run closes the spectra
// port when the standards are measured; an aborted run closes both ports.
#include <cstddef>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace spectro {

struct Spectrum {
  std::string sampleId;
  std::vector<double> counts;
};

template <typename Frame> class InstrumentPort {
public:
  explicit InstrumentPort(std::string name) : name_(std::move(name)) {}

  void push(const Frame &frame) {
    ensureOpen();
    frames_.push_back(frame);
  }

  std::size_t drain() {
    ensureOpen();
    std::size_t n = frames_.size();
    frames_.clear();
    return n;
  }

  void close() { closed_ = true; }
  bool closed() const { return closed_; }

private:
  void ensureOpen() const {
    if (closed_)
      throw std::runtime_error("instrument port " + name_ + " is closed");
  }

  std::string name_;
  std::vector<Frame> frames_;
  bool closed_ = false;
};

template <typename Frame> std::size_t drainAndClose(InstrumentPort<Frame> &port) {
  std::size_t n = port.drain();
  port.close();
  return n;
}

void runCalibration(InstrumentPort<Spectrum> &spectra, InstrumentPort<std::string> &notes,
                    const std::vector<Spectrum> &standards) {
  for (const Spectrum &s : standards)
    spectra.push(s);
  std::size_t measured = drainAndClose(spectra);
  notes.push("calibrated with " + std::to_string(measured) + " standards"); // OK: other port
  if (!spectra.closed())
    spectra.push(Spectrum{"blank", {}}); // OK: guarded
}

void abortRun(InstrumentPort<Spectrum> &spectra, InstrumentPort<std::string> &notes, const std::string &why) {
  notes.push("run aborted: " + why);
  spectra.close();
  drainAndClose(notes);
  notes.push("spectra discarded"); // BUG: use-after-close
}

void shiftHandover(InstrumentPort<Spectrum> &spectra, InstrumentPort<std::string> &notes) {
  notes.push("handover");
  if (spectra.closed())
    return;
  spectra.drain(); // OK
  spectra.close();
}

} // namespace spectro
