// abort_wash(): after an e-stop or a failed step, journal the reason, put every valve and pump in
// its safe state, and send the dosing unit its abort frame and release its link. The dosing part
// is guarded by is_open(), so a second abort_wash() in the same wash does nothing there.
#include "wash_safety.h"

#include <vector>

namespace {
const std::vector<std::uint8_t> kAbortFrame{0x40, 0xFF};
}

void abort_wash(SerialLink& dosing, DeviceRegistry& devices, Journal& journal, const std::string& why) {
    journal.append("cip abort: " + why);
    devices.safe_all();
    if (dosing.is_open()) {
        dosing.write_frame(kAbortFrame);   // OK: inside the is_open() guard
        dosing.close();   // OK: guarded, so a repeated abort does not close twice
    }
}
