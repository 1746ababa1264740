// EdiMessage: the few customs messages the terminal sends, and their wire encoding
// (segment-per-line, terminated by an UNZ trailer).
#include <string>

#include "customs.h"

EdiMessage EdiMessage::end_of_shift(const std::string& shift_id, std::size_t failures) {
    return EdiMessage{"EOS", shift_id, "FAILURES+" + std::to_string(failures)};
}

EdiMessage EdiMessage::departure(const std::string& vessel, int berth) {
    return EdiMessage{"DEP", vessel, "BERTH+" + std::to_string(berth)};
}

EdiMessage EdiMessage::gate_out_batch(const std::vector<std::pair<std::string, std::string>>& moves) {
    EdiMessage msg{"GOB", std::to_string(moves.size()), ""};
    for (const auto& move : moves) msg.body += "TRK+" + move.first + "+" + move.second + "'";
    return msg;
}

std::string EdiMessage::encode() const { return "UNH+" + type + "+" + ref + "'\n" + body + "\nUNZ+1'\n"; }
