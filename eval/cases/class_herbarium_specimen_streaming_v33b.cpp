// Herbarium digitisation: high-resolution specimen scans are streamed to a
// mirror archive node over Cassandra's multiplexed streaming channel. When a
// scan's checksum does not match its manifest, the transfer aborts (closing
// the channel) but the loop only skips to the next scan and sends again. For
// preview sessions complete() closes the channel before sending COMPLETE.
// The keep-alive checks isClosed(), and the mirror's own channel is separate.
#include "messaging.h"

#include <cstdint>
#include <string>
#include <vector>

struct SpecimenScan {
  std::string barcode;
  std::string tiffBytes;
  uint32_t manifestCrc = 0;
};

class Crc32 {
public:
  static uint32_t of(const std::string &data);
};

class SpecimenTransfer {
public:
  SpecimenTransfer(cassandra::StreamSession &session,
                   cassandra::StreamSession &mirror)
      : session_(session), mirror_(mirror) {}
  void sendBatch(const std::vector<SpecimenScan> &scans);
  void keepAlive();
  void complete();

private:
  void abort(const std::string &why);

  cassandra::StreamSession &session_;
  cassandra::StreamSession &mirror_;
  int sent_ = 0;
};

uint32_t Crc32::of(const std::string &data) {
  uint32_t crc = 0xFFFFFFFFu;
  for (unsigned char c : data) {
    crc ^= c;
    for (int k = 0; k < 8; ++k)
      crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
  }
  return ~crc;
}

void SpecimenTransfer::abort(const std::string &why) {
  cassandra::StreamingMultiplexedChannel &ch = session_.channel();
  if (!ch.isClosed()) {
    ch.sendControlMessage({"SESSION_FAILED", why}); // OK: a second abort skips this
    ch.close();
  }
  session_.onError(why);
}

void SpecimenTransfer::sendBatch(const std::vector<SpecimenScan> &scans) {
  cassandra::StreamingMultiplexedChannel &ch = session_.channel();
  ch.setTimeout(120);
  for (const SpecimenScan &scan : scans) {
    if (Crc32::of(scan.tiffBytes) != scan.manifestCrc) {
      abort("checksum mismatch for " + scan.barcode);
      continue;
    }
    ch.sendMessage(ch.controlChannel(), {"STREAM", scan.barcode}); // BUG: use-after-close
    ++sent_;
  }
}

void SpecimenTransfer::keepAlive() {
  cassandra::StreamingMultiplexedChannel &ch = session_.channel();
  if (ch.isClosed())
    return;
  ch.sendControlMessage({"KEEP_ALIVE", ""}); // OK: checked isClosed()
}

void SpecimenTransfer::complete() {
  cassandra::StreamingMultiplexedChannel &ch = session_.channel();
  if (ch.isClosed())
    return;
  const bool preview = session_.isPreview();
  if (preview)
    ch.close();
  mirror_.channel().sendControlMessage({"MIRROR_SYNC", std::to_string(sent_)}); // OK: the mirror's channel
  ch.sendControlMessage({"COMPLETE", std::to_string(sent_)}); // BUG: use-after-close
  if (!preview)
    ch.close(); // OK: runs only when the preview branch did not close
}

cassandra::StreamSession &primarySession();
cassandra::StreamSession &mirrorSession();

int main(int argc, char **) {
  SpecimenTransfer transfer(primarySession(), mirrorSession());
  std::vector<SpecimenScan> scans = {
      {"E00412233", "II*tiff-strip-0", 0u},
      {"E00412234", "II*tiff-strip-0", 0u},
  };
  transfer.sendBatch(scans);
  if (argc > 1)
    transfer.keepAlive();
  transfer.complete();
  return 0;
}
