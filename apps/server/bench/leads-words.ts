/** Names, streets and the like for the generated bench data (bench/leads-data.ts). */

// biome-ignore format: word lists read better in rows
export const FIRST = ['James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'David', 'Elizabeth',
  'William', 'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Charles', 'Karen', 'Daniel',
  'Lisa', 'Matthew', 'Nancy', 'Anthony', 'Betty', 'Mark', 'Sandra', 'Donald', 'Ashley', 'Steven', 'Emily', 'Andrew',
  'Donna', 'Kenneth', 'Michelle', 'Joshua', 'Carol', 'Kevin', 'Amanda', 'Brian', 'Melissa', 'George', 'Deborah',
  'Luis', 'Rosa', 'Wei', 'Mei', 'Ahmed', 'Fatima', 'Jamal', 'Aaliyah', 'Diego', 'Sofia', 'Hiroshi', 'Yuki', 'Priya',
  'Raj', 'Olga', 'Ivan', 'Chloe', 'Noah', 'Grace', 'Ethan', 'Zoe', 'Marcus', 'Keisha', 'Tyrone', 'Ana', 'Mateo'];
// biome-ignore format: word lists read better in rows
export const LAST = ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez',
  'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee',
  'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson', 'Walker', 'Young',
  'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores', 'Green', 'Adams', 'Nelson', 'Baker',
  'Hall', 'Rivera', 'Campbell', 'Mitchell', 'Carter', 'Roberts', 'Kim', 'Patel', 'Chen', 'Okafor', "O'Brien",
  'Kowalski', 'Schmidt', 'Rossi', 'Novak', 'Haddad', 'Yamamoto', 'Singh', 'Murphy', 'Cohen', 'Fischer', 'Dubois'];
// biome-ignore format: word lists read better in rows
export const STREETS = ['Main', 'Oak', 'Pine', 'Maple', 'Cedar', 'Elm', 'Washington', 'Lake', 'Hill', 'Park', 'Sunset',
  'Lincoln', 'Jackson', 'Church', 'River', 'Highland', 'Meadow', 'Forest', 'Willow', 'Ridge', 'Valley', 'Spring',
  'Madison', 'Franklin', 'Jefferson', 'Chestnut', 'Walnut', 'Dogwood', 'Magnolia', 'Prairie', 'Canyon', 'Mesa'];
export const SUFFIXES = ['St', 'Ave', 'Rd', 'Dr', 'Ln', 'Ct', 'Blvd', 'Way', 'Pl', 'Cir'];
export const AREA_CODES = [
  205, 212, 303, 305, 312, 404, 415, 480, 502, 512, 602, 615, 702, 713, 801, 816, 901, 919, 971,
];
export const BROKERAGES = [
  'Keystone Realty',
  'Harbor Homes',
  'Summit Real Estate',
  'Blue Door Realty',
  'Cornerstone',
];
export const SOURCES = ['Seller feed', 'FSBO finder', 'Expired listings feed', 'Website form'];
export const NOTES = [
  '',
  '',
  '',
  '',
  'Wants to sell before school starts.',
  'Call after 5 pm.',
  'Inherited the house.',
];
// biome-ignore format: a table reads better in rows
export const ZONES: Record<string, string> = {
  CA: 'America/Los_Angeles', WA: 'America/Los_Angeles', OR: 'America/Los_Angeles', NV: 'America/Los_Angeles',
  AZ: 'America/Phoenix', CO: 'America/Denver', UT: 'America/Denver', NM: 'America/Denver', MT: 'America/Denver',
  WY: 'America/Denver', ID: 'America/Boise', AK: 'America/Anchorage', HI: 'Pacific/Honolulu', TX: 'America/Chicago',
  IL: 'America/Chicago', MN: 'America/Chicago', WI: 'America/Chicago', IA: 'America/Chicago', MO: 'America/Chicago',
  AR: 'America/Chicago', LA: 'America/Chicago', MS: 'America/Chicago', AL: 'America/Chicago', OK: 'America/Chicago',
  KS: 'America/Chicago', NE: 'America/Chicago', SD: 'America/Chicago', ND: 'America/Chicago', TN: 'America/Chicago',
};
