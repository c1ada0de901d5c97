/**
 * Where the seeder's demo orders go: a city as shoppers write it, its canonical state name
 * (packages/shared/src/indian-states.ts) and real pincodes of that city from India Post's directory,
 * so the admin's city, state and pincode filters see what checkout stores (checkout refuses
 * a pincode that is not in the directory or not in the state). packages/pincodes checks every one.
 */
export const SEED_PLACES: ReadonlyArray<readonly [city: string, state: string, pincodes: readonly string[]]> = [
  ['New Delhi', 'Delhi', ['110001', '110004', '110010', '110011', '110021']],
  ['Mumbai', 'Maharashtra', ['400001', '400002', '400003', '400004', '400005']],
  ['Pune', 'Maharashtra', ['411001', '411002', '411003', '411004', '411005']],
  ['Bengaluru', 'Karnataka', ['560001', '560002', '560003', '560004', '560005']],
  ['Mysuru', 'Karnataka', ['570001', '570002', '570003', '570004', '570005']],
  ['Chennai', 'Tamil Nadu', ['600001', '600002', '600003', '600004', '600005']],
  ['Coimbatore', 'Tamil Nadu', ['641001', '641002', '641003', '641004', '641005']],
  ['Hyderabad', 'Telangana', ['500001', '500002', '500003', '500004', '500006']],
  ['Kolkata', 'West Bengal', ['700001', '700002', '700003', '700004', '700005']],
  ['Jaipur', 'Rajasthan', ['302001', '302002', '302003', '302004', '302005']],
  ['Udaipur', 'Rajasthan', ['313001', '313002', '313003', '313004', '313011']],
  ['Lucknow', 'Uttar Pradesh', ['226001', '226002', '226003', '226004', '226005']],
  ['Noida', 'Uttar Pradesh', ['201008', '201301', '201302', '201303', '201304']],
  ['Ahmedabad', 'Gujarat', ['380001', '380002', '380003', '380004', '380005']],
  ['Surat', 'Gujarat', ['395001', '395002', '395003', '395004', '395005']],
  ['Chandigarh', 'Chandigarh', ['160001', '160002', '160003', '160004', '160006']],
  ['Kochi', 'Kerala', ['682001', '682002', '682003', '682004', '682005']],
  ['Thiruvananthapuram', 'Kerala', ['695001', '695002', '695003', '695004', '695005']],
  ['Bhopal', 'Madhya Pradesh', ['462001', '462002', '462003', '462004', '462008']],
  ['Indore', 'Madhya Pradesh', ['452001', '452002', '452003', '452005', '452006']],
  ['Patna', 'Bihar', ['800001', '800002', '800003', '800004', '800005']],
  ['Guwahati', 'Assam', ['781001', '781002', '781003', '781004', '781005']],
  ['Shillong', 'Meghalaya', ['793001', '793002', '793003', '793004', '793005']],
  ['Dehradun', 'Uttarakhand', ['248001', '248002', '248003', '248005', '248006']],
  ['Amritsar', 'Punjab', ['143001', '143002', '143004', '143005', '143006']],
  ['Ludhiana', 'Punjab', ['141001', '141002', '141003', '141004', '141006']],
  ['Bhubaneswar', 'Odisha', ['751001', '751002', '751003', '751004', '751005']],
  ['Ranchi', 'Jharkhand', ['834001', '834002', '834003', '834004', '834005']],
];
