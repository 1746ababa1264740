// portterm entry point: starts the terminal, feeds operator commands from stdin
// ("<session> <command>") to the console interpreter and runs the shift handover at EOF.
#include <iostream>
#include <sstream>
#include <string>

#include "console.h"
#include "handover.h"
#include "terminal.h"

int main(int argc, char** argv) {
    TerminalConfig cfg;
    if (argc > 1) cfg.shift_id = argv[1];
    if (argc > 2) cfg.data_dir = argv[2];
    cfg.plc_hosts = {"10.20.0.11", "10.20.0.12", "10.20.0.13"};
    cfg.camera_devices = {"/dev/ttyOCR0", "/dev/ttyOCR1"};

    Terminal terminal(cfg);
    terminal.consoles()->add(0, "supervisor", 1);
    OperatorConsole console(terminal, terminal.consoles());

    std::string line;
    while (std::getline(std::cin, line)) {
        std::istringstream in(line);
        int session = -1;
        std::string command;
        if (!(in >> session) || !std::getline(in >> std::ws, command)) continue;
        std::cout << console.handle(session, command) << std::endl;
    }

    ShiftHandover handover(terminal, cfg.shift_id, 0);
    Status st = handover.run();
    terminal.consoles()->broadcast("terminal " + cfg.shift_id + " offline"); // OK: broadcast() skips the consoles the handover disconnected
    if (!st.ok()) std::cerr << st.describe() << std::endl;
    return st.ok() ? 0 : 1;
}
