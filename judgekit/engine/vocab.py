"""The typed vocabulary of the rules core: layers, steps, zones, types, colours, keywords, subtypes.

Every value is the canonical English term of SCENARIO-FORMAT.md; enums are ``StrEnum`` so that a
member compares equal to its canonical string. Italian names used in output live in :data:`IT`.
"""

from __future__ import annotations

import re
from enum import StrEnum


class Layer(StrEnum):
    """The layers and sublayers of CR 613.1 and 613.4 (current rules: counters in 7c, switching in 7d)."""

    COPY = "1a"
    FACE_DOWN = "1b"
    CONTROL = "2"
    TEXT = "3"
    TYPE = "4"
    COLOR = "5"
    ABILITY = "6"
    PT_CDA = "7a"
    PT_SET = "7b"
    PT_MODIFY = "7c"
    PT_SWITCH = "7d"

    @property
    def rule(self) -> str:
        """The CR rule that defines this layer or sublayer."""
        return LAYER_RULES[self]

    @property
    def order(self) -> int:
        return LAYER_ORDER.index(self)


LAYER_ORDER: list[Layer] = list(Layer)

LAYER_RULES: dict[Layer, str] = {
    Layer.COPY: "613.2a", Layer.FACE_DOWN: "613.2b", Layer.CONTROL: "613.1b", Layer.TEXT: "613.1c",
    Layer.TYPE: "613.1d", Layer.COLOR: "613.1e", Layer.ABILITY: "613.1f", Layer.PT_CDA: "613.4a",
    Layer.PT_SET: "613.4b", Layer.PT_MODIFY: "613.4c", Layer.PT_SWITCH: "613.4d",
}

class Step(StrEnum):
    """Steps of the turn (CR 500.1) as named in scenario files."""

    UNTAP = "untap"
    UPKEEP = "upkeep"
    DRAW = "draw"
    MAIN1 = "main1"
    BEGINNING_OF_COMBAT = "beginning_of_combat"
    DECLARE_ATTACKERS = "declare_attackers"
    DECLARE_BLOCKERS = "declare_blockers"
    COMBAT_DAMAGE = "combat_damage"
    END_OF_COMBAT = "end_of_combat"
    MAIN2 = "main2"
    END = "end"
    CLEANUP = "cleanup"


STEP_ORDER: list[Step] = list(Step)
STARTING_STEPS = [s for s in Step if s not in (Step.UNTAP, Step.CLEANUP)]
COMBAT_STEPS = {Step.BEGINNING_OF_COMBAT, Step.DECLARE_ATTACKERS, Step.DECLARE_BLOCKERS, Step.COMBAT_DAMAGE,
                Step.END_OF_COMBAT}

class Zone(StrEnum):
    BATTLEFIELD = "battlefield"
    GRAVEYARD = "graveyard"
    HAND = "hand"
    EXILE = "exile"
    LIBRARY = "library"
    STACK = "stack"
    GONE = "gone"


class CardType(StrEnum):
    ARTIFACT = "Artifact"
    BATTLE = "Battle"
    CREATURE = "Creature"
    ENCHANTMENT = "Enchantment"
    INSTANT = "Instant"
    KINDRED = "Kindred"
    LAND = "Land"
    PLANESWALKER = "Planeswalker"
    SORCERY = "Sorcery"


PERMANENT_TYPES = {CardType.ARTIFACT, CardType.BATTLE, CardType.CREATURE, CardType.ENCHANTMENT, CardType.LAND,
                   CardType.PLANESWALKER}


class Supertype(StrEnum):
    BASIC = "Basic"
    LEGENDARY = "Legendary"
    SNOW = "Snow"
    WORLD = "World"


class Color(StrEnum):
    WHITE = "white"
    BLUE = "blue"
    BLACK = "black"
    RED = "red"
    GREEN = "green"


COLOR_ORDER = ["white", "blue", "black", "red", "green"]
COLOR_SYMBOL = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
SYMBOL_OF_COLOR = {v: k for k, v in COLOR_SYMBOL.items()}
MANA_SYMBOLS = ["W", "U", "B", "R", "G", "C"]


class Keyword(StrEnum):
    """Keyword abilities of scenario format version 1 (CR 702); protection and block counts are patterns."""

    FLYING = "flying"
    REACH = "reach"
    FIRST_STRIKE = "first_strike"
    DOUBLE_STRIKE = "double_strike"
    TRAMPLE = "trample"
    DEATHTOUCH = "deathtouch"
    LIFELINK = "lifelink"
    VIGILANCE = "vigilance"
    HASTE = "haste"
    DEFENDER = "defender"
    MENACE = "menace"
    INDESTRUCTIBLE = "indestructible"
    HEXPROOF = "hexproof"
    SHROUD = "shroud"
    INFECT = "infect"
    WITHER = "wither"
    PERSIST = "persist"
    UNDYING = "undying"
    CHANGELING = "changeling"
    FLASH = "flash"
    PROWESS = "prowess"
    EXALTED = "exalted"
    FLANKING = "flanking"
    BATTLE_CRY = "battle_cry"
    DEVOID = "devoid"
    SPLIT_SECOND = "split_second"
    CONVOKE = "convoke"


KEYWORD_RULES: dict[str, str] = {
    "flying": "702.9", "reach": "702.17", "first_strike": "702.7", "double_strike": "702.4", "trample": "702.19",
    "deathtouch": "702.2", "lifelink": "702.15", "vigilance": "702.20", "haste": "702.10", "defender": "702.3",
    "menace": "702.111", "indestructible": "702.12", "hexproof": "702.11", "shroud": "702.18", "infect": "702.90",
    "wither": "702.80", "persist": "702.79", "undying": "702.93", "changeling": "702.73",
    "protection": "702.16", "can_block_additional": "509.1a",
    "flash": "702.8", "prowess": "702.108", "exalted": "702.83", "flanking": "702.25", "battle_cry": "702.91",
    "devoid": "702.114", "split_second": "702.61", "ward": "702.21", "ward_life": "702.21", "toxic": "702.164",
    "bushido": "702.45", "afflict": "702.130", "annihilator": "702.86",
    "convoke": "702.51", "equip": "702.6", "crew": "702.122",
}

# Keywords written with a number (SCENARIO-FORMAT.md 2.7): ``ward_2``, ``ward_life_3``, ``toxic_1``...
PARAM_KEYWORDS = ("ward_life", "ward", "toxic", "bushido", "afflict", "annihilator")
PARAM_KEYWORD_RE = re.compile(r"^(ward_life|ward|toxic|bushido|afflict|annihilator)_(\d+)$")

PROTECTION_QUALITIES = [*COLOR_ORDER, "creatures", "everything"]
PROTECTION_RE = re.compile(r"^protection_from_([a-z]+)$")
BLOCK_ADDITIONAL_RE = re.compile(r"^can_block_additional_(\d+)$")
# The activated keyword abilities with a number (SCENARIO-FORMAT.md 2.7): equip_<N> (702.6a), crew_<N> (702.122a).
ACTIVATED_KEYWORD_RE = re.compile(r"^(equip|crew)_(\d+)$")




def keyword_rule(value: str) -> str:
    if value.startswith("protection_from_"):
        return KEYWORD_RULES["protection"]
    if value.startswith("can_block_additional_"):
        return KEYWORD_RULES["can_block_additional"]
    m = PARAM_KEYWORD_RE.match(value) or ACTIVATED_KEYWORD_RE.match(value)
    if m:
        return KEYWORD_RULES[m.group(1)]
    return KEYWORD_RULES.get(value, "702.1")


class Duration(StrEnum):
    END_OF_TURN = "end_of_turn"
    END_OF_COMBAT = "end_of_combat"
    PERMANENT = "permanent"
    # SCENARIO-FORMAT.md 2.5 (CR 611.2a-b): across turns, and "for as long as" its source is on the battlefield.
    UNTIL_YOUR_NEXT_TURN = "until_your_next_turn"
    UNTIL_END_OF_YOUR_NEXT_TURN = "until_end_of_your_next_turn"
    WHILE_SOURCE_ON_BATTLEFIELD = "while_source_on_battlefield"


# The four forms of an ability in a scenario file (SCENARIO-FORMAT "Abilities"), in the order they are tried.
ABILITY_FORMS = ("mana", "static", "trigger", "activated")

RESERVED_WORDS = {"self", "target", "targets", "you", "opponent", "controller", "trigger_object", "enchanted",
                  "equipped", "all", "apnap_order", "defending_player"}

# Basic land types and the mana they produce (CR 305.6).
BASIC_LAND_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}

# Subtypes by kind (CR 205.3). Creature types are also Kindred types (205.3g).
LAND_TYPES = {"Cave", "Cloud", "Desert", "Forest", "Gate", "Island", "Lair", "Locus", "Mine", "Mountain", "Plains",
              "Planet", "Power-Plant", "Sphere", "Swamp", "Tower", "Town", "Urza's"}
ARTIFACT_TYPES = {"Attraction", "Blood", "Bobblehead", "Clue", "Contraption", "Equipment", "Food", "Fortification",
                  "Gold", "Incubator", "Infinity", "Junk", "Lander", "Map", "Powerstone", "Spacecraft", "Stone",
                  "Terminus", "Treasure", "Vehicle"}
ENCHANTMENT_TYPES = {"Aura", "Background", "Cartouche", "Case", "Class", "Curse", "Role", "Room", "Rune", "Saga",
                     "Shard", "Shrine"}
SPELL_TYPES = {"Adventure", "Arcane", "Chorus", "Lesson", "Omen", "Trap"}
BATTLE_TYPES = {"Siege"}
PLANESWALKER_TYPES = {
    "Ajani", "Aminatou", "Angrath", "Arlinn", "Ashiok", "Bahamut", "Basri", "Bolas", "Calix", "Chandra", "Comet",
    "Dack", "Dakkon", "Daretti", "Davriel", "Dihada", "Domri", "Dovin", "Ellywick", "Elminster", "Elspeth", "Estrid",
    "Freyalise", "Garruk", "Gideon", "Grist", "Guff", "Huatli", "Jace", "Jared", "Jaya", "Jeska", "Kaito", "Karn",
    "Kasmina", "Kaya", "Kiora", "Koth", "Liliana", "Lolth", "Lukka", "Minsc", "Mordenkainen", "Nahiri", "Narset",
    "Niko", "Nissa", "Nixilis", "Oko", "Quintorius", "Ral", "Rowan", "Saheeli", "Samut", "Sarkhan", "Serra",
    "Sivitri", "Sorin", "Szat", "Tamiyo", "Tasha", "Teferi", "Teyo", "Tezzeret", "Tibalt", "Tyvar", "Ugin", "Urza",
    "Venser", "Vivien", "Vraska", "Vronos", "Will", "Windgrace", "Wrenn", "Xenagos", "Yanggu", "Yanling", "Zariel",
}
_CREATURE_TYPES_TEXT = """
Advisor Aetherborn Alien Ally Angel Antelope Ape Archer Archon Armadillo Army Artificer Assassin
Assembly-Worker Astartes Atog Aurochs Avatar Azra Badger Balloon Barbarian Bard Basilisk Bat Bear Beast Beaver
Beeble Beholder Berserker Bird Bison Blinkmoth Boar Bringer Brushwagg Camarid Camel Capybara Caribou Carrier
Cat Centaur Child Chimera Citizen Cleric Clown Cockatrice Construct Coward Coyote Crab Crocodile C'tan Custodes
Cyberman Cyclops Dalek Dauthi Demigod Demon Deserter Detective Devil Dinosaur Djinn Doctor Dog Dragon Drake
Dreadnought Drix Drone Druid Dryad Dwarf Echidna Efreet Egg Elder Eldrazi Elemental Elephant Elf Elk Employee Eye
Faerie Ferret Fish Flagbearer Fox Fractal Frog Fungus Gamer Gargoyle Germ Giant Gith Glimmer Gnoll Gnome Goat
Goblin God Golem Gorgon Graveborn Gremlin Griffin Guest Hag Halfling Hamster Harpy Hedgehog Hellion Hero Hippo
Hippogriff Homarid Homunculus Horror Horse Human Hydra Hyena Illusion Imp Incarnation Inkling Inquisitor
Insect Jackal Jellyfish Juggernaut Kangaroo Kavu Kirin Kithkin Knight Kobold Kor Kraken Llama Lamia Lammasu
Leech Lemur Leviathan Lhurgoyf Licid Lizard Lobster Manticore Masticore Mercenary Merfolk Metathran Minion
Minotaur Mite Mole Monger Mongoose Monk Monkey Moogle Moonfolk Mount Mouse Mutant Myr Mystic Nautilus Necron
Nephilim Nightmare Nightstalker Ninja Noble Noggle Nomad Nymph Octopus Ogre Ooze Orb Orc Orgg Otter Ouphe Ox
Oyster Pangolin Peasant Pegasus Pentavite Performer Pest Phelddagrif Phoenix Phyrexian Pilot Pincher Pirate
Plant Platypus Porcupine Possum Praetor Primarch Prism Processor Qu Rabbit Raccoon Ranger Rat Rebel Reflection Rhino
Rigger Robot Rogue Sable Salamander Samurai Sand Saproling Satyr Scarecrow Scientist Scion Scorpion Scout
Sculpture Seal Serf Serpent Servo Shade Shaman Shapeshifter Shark Sheep Siren Skeleton Skunk Slith Sliver
Sloth Slug Snail Snake Soldier Soltari Spawn Specter Spellshaper Sphinx Spider Spike Spirit Splinter Sponge
Spy Squid Squirrel Starfish Surrakar Survivor Symbiote Synth Tentacle Tetravite Thalakos Thopter Thrull Tiefling Toy
Treefolk Trilobite Triskelavite Troll Turtle Tyranid Unicorn Vampire Varmint Vedalken Villain Volver Wall Walrus
Warlock Warrior Weasel Weird Werewolf Whale Wizard Wolf Wolverine Wombat Worm Wraith Wurm Yeti Zombie Zubera
"""
# CR 205.3m: one creature type is two words long (Time Lord); every other one is a single word.
CREATURE_TYPES = frozenset({*_CREATURE_TYPES_TEXT.split(), "Time Lord"})

SUBTYPE_KINDS: dict[str, str] = {}
for _kind, _names in (("Creature", CREATURE_TYPES), ("Land", LAND_TYPES), ("Artifact", ARTIFACT_TYPES),
                      ("Enchantment", ENCHANTMENT_TYPES), ("Planeswalker", PLANESWALKER_TYPES),
                      ("Battle", BATTLE_TYPES), ("Spell", SPELL_TYPES)):
    for _name in _names:
        SUBTYPE_KINDS[_name] = _kind

# Which card types allow a subtype kind (CR 205.3d, 205.3g: Kindred objects have creature types).
KIND_TYPES: dict[str, set[str]] = {
    "Creature": {"Creature", "Kindred"}, "Land": {"Land"}, "Artifact": {"Artifact"},
    "Enchantment": {"Enchantment"}, "Planeswalker": {"Planeswalker"}, "Battle": {"Battle"},
    "Spell": {"Instant", "Sorcery"},
}


def subtype_kind(subtype: str) -> str | None:
    return SUBTYPE_KINDS.get(subtype)


def subtype_allowed(subtype: str, types: list[str] | set[str]) -> bool:
    """CR 205.3d: an object can't have a subtype that doesn't correspond to one of its card types."""
    kind = SUBTYPE_KINDS.get(subtype)
    if kind is None:
        return True
    return bool(KIND_TYPES[kind] & set(types))


TYPE_ORDER = [t.value for t in CardType]
