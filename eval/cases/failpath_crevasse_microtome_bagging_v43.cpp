// Ice-core processing: after the microtome cleans a core section, its samples
// are bagged, the bag labels are printed on a label printer (serial fd) and
// every bag is streamed to the core archive over a Cassandra streaming channel.
// The helpers close their handle on the error path before they throw:
// checkBagSeal() closes the stream and throws BagSealError, abortCore() closes
// it and throws (it never returns), printLabel() closes the printer and throws
// std::system_error.
#include "messaging.h"

#include <cerrno>
#include <stdexcept>
#include <string>
#include <system_error>
#include <vector>

#include <fcntl.h>
#include <unistd.h>

namespace bagging {

struct SampleBag {
  std::string label;
  double topMetres = 0.0;
  bool sealed = false;
};

struct BagSealError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

static void checkBagSeal(cassandra::StreamingMultiplexedChannel &ch, const SampleBag &bag) {
  if (bag.sealed)
    return;
  ch.close();
  throw BagSealError("bag " + bag.label + " not sealed");
}

[[noreturn]] static void abortCore(cassandra::StreamingMultiplexedChannel &ch,
                                   const std::string &why) {
  ch.close();
  throw std::runtime_error("core aborted: " + why);
}

static void printLabel(int fd, const std::string &text) {
  const std::string line = text + "\n";
  if (::write(fd, line.data(), line.size()) < 0) {
    const int err = errno;
    ::close(fd);
    throw std::system_error(err, std::generic_category(), "label printer");
  }
}

void streamCore(cassandra::StreamSession &session, const std::string &coreId,
                const std::vector<SampleBag> &bags) {
  cassandra::StreamingMultiplexedChannel &ch = session.channel();
  double lastTop = -1.0;
  for (const SampleBag &bag : bags) {
    checkBagSeal(ch, bag);
    if (bag.topMetres < lastTop)
      abortCore(ch, "bags out of depth order at " + bag.label);
    lastTop = bag.topMetres;
    ch.sendMessage(ch.controlChannel(), {"BAG", bag.label});
  }
  ch.sendControlMessage({"END_OF_CORE", coreId}); // OK
}

void streamCoreCrevasseZone(cassandra::StreamSession &session, const std::string &coreId,
                            const std::vector<SampleBag> &bags) {
  cassandra::StreamingMultiplexedChannel &ch = session.channel();
  for (const SampleBag &bag : bags) {
    try {
      checkBagSeal(ch, bag);
    } catch (const BagSealError &e) {
      session.onError(e.what());
      break;
    }
    ch.sendMessage(ch.controlChannel(), {"BAG", bag.label}); // OK
  }
  ch.sendControlMessage({"END_OF_CORE", coreId}); // BUG: use-after-close
}

bool labelBags(const std::string &printerDev, const std::vector<SampleBag> &bags) {
  const int printer = ::open(printerDev.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC);
  if (printer < 0)
    return false;
  try {
    for (const SampleBag &bag : bags)
      printLabel(printer, bag.label);
  } catch (const std::system_error &) {
    return false;
  }
  ::close(printer); // OK
  return true;
}

bool relabelBags(const std::string &printerDev, const std::vector<SampleBag> &bags) {
  const int printer = ::open(printerDev.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC);
  if (printer < 0)
    return false;
  bool ok = true;
  try {
    for (const SampleBag &bag : bags)
      printLabel(printer, "RELABEL " + bag.label);
  } catch (const std::system_error &) {
    ok = false;
  }
  ::close(printer); // BUG: double-close
  return ok;
}

} // namespace bagging
