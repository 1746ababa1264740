// Chunk transfer between two storage nodes. A TransferSession moves chunks
// from a source connection to a destination connection over net::Connection
// (netconn.h: send()/flush() throw "connection closed" after close(); close()
// just sets the flag, so closing twice is harmless).
// Defects: after finishTransfer() closed the source, run() still asks the
// source for its statistics, and abort() closes the control connection with
// closeQuietly() and then sends one more heartbeat on it.
#include "netconn.h"

#include <cstddef>
#include <iostream>
#include <string>
#include <vector>

// Teardown helper: closes the connection and swallows any error.
static void closeQuietly(net::Connection &conn) {
  try {
    conn.close();
  } catch (...) {
  }
}

// Tells the destination how many chunks were sent and closes the source; the
// destination stays open for the acknowledgement.
static void finishTransfer(net::Connection &src, net::Connection &dst,
                           std::size_t chunks) {
  dst.send("END " + std::to_string(chunks));
  src.close();
}

static void sendHeartbeat(net::Connection &conn, int seq) {
  conn.send("PING " + std::to_string(seq)); // SAME: hb_after_quiet
}

// Only reads: safe on a closed connection.
static std::string describe(const net::Connection &conn) {
  return conn.endpoint() + (conn.isClosed() ? " (closed)" : " (open)");
}

class TransferSession {
public:
  TransferSession(net::Connection &src, net::Connection &dst,
                  net::Connection &control)
      : src_(src), dst_(dst), control_(control) {}

  void run(const std::vector<std::string> &chunkIds) {
    std::size_t sent = 0;
    for (const std::string &id : chunkIds) {
      src_.send("READ " + id);
      dst_.send("WRITE " + id);
      sendHeartbeat(control_, static_cast<int>(++sent));
    }
    finishTransfer(src_, dst_, sent);
    dst_.send("ACK?"); // OK: finishTransfer() closed only the source
    dst_.flush();
    std::cout << "source " << describe(src_) << "\n"; // OK: describe() only reads
    src_.send("STATS"); // BUG: use-after-close
  }

  void abort(const std::string &why) {
    std::cerr << "transfer aborted: " << why << "\n";
    closeQuietly(dst_);
    closeQuietly(src_); // OK: close() only sets the flag, a second close is harmless
    closeQuietly(control_);
    sendHeartbeat(control_, -1); // BUG: use-after-close #hb_after_quiet
  }

private:
  net::Connection &src_;
  net::Connection &dst_;
  net::Connection &control_;
};

int main() {
  net::Connection src("node-a:7100");
  net::Connection dst("node-b:7100");
  net::Connection control("coordinator:7000");
  TransferSession session(src, dst, control);
  try {
    session.run({"c-0001", "c-0002", "c-0003"});
  } catch (const std::exception &e) {
    try {
      session.abort(e.what());
    } catch (const std::exception &inner) {
      std::cerr << "abort failed: " << inner.what() << "\n";
    }
    return 1;
  }
  return 0;
}
